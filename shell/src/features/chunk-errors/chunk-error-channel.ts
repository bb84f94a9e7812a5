/**
 * The link between the federation runtime plugin and the shell. The plugin is part of the entry
 * chunk, which runs before shared modules (react…) are negotiated, so this file imports nothing:
 * the shell registers its handler once bootstrap has run.
 */
export type ChunkErrorListener = (error: unknown) => void;

let listener: ChunkErrorListener | null = null;
let early: unknown[] = [];

export function onFederationLoadError(next: ChunkErrorListener) {
  listener = next;
  const queued = early;
  early = [];
  queued.forEach((error) => next(error));
}

export function reportFederationLoadError(error: unknown) {
  if (listener) listener(error);
  else early.push(error);
}
