/**
 * Turns a failed load of a webpack chunk in *this* bundle into a callback (docs/behaviour.md, "Chunk errors").
 * This module is compiled into each app, never into the remote core the remotes share
 * (`@steel/shared/remote-core`), so each app that calls this guards its own webpack runtime: a
 * remote's lazy chunks load through the remote's runtime, not the shell's or another remote's.
 */

type ChunkLoader = ((chunkId: string | number, ...rest: unknown[]) => Promise<unknown>) & { __steelChunkGuard?: true };

declare const __webpack_require__: { e?: ChunkLoader } | undefined;

/** A webpack ChunkLoadError, a failed dynamic import, or a federation load failure. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

/** A failed CSS preload alone is not a reason to reload (docs/behaviour.md, "Chunk errors"). */
export function isCssChunkError(error: unknown): boolean {
  return (
    error instanceof Error && (/Loading CSS chunk/i.test(error.message) || (error as { type?: string }).type === 'css')
  );
}

let onChunkError: ((error: Error) => void) | null = null;

/**
 * Wraps `__webpack_require__.e` once per bundle; later calls only replace the callback
 * (a remote re-mounted with new props keeps one wrapper). Returns false outside webpack (tests).
 */
export function installChunkLoadGuard(
  callback: (error: Error) => void,
  runtime = typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__,
): boolean {
  onChunkError = callback;
  const original = runtime?.e;
  if (!runtime || !original) return false;
  if (original.__steelChunkGuard) return true;
  const guarded: ChunkLoader = (chunkId, ...rest) =>
    original(chunkId, ...rest).catch((error: unknown) => {
      if (isChunkLoadError(error) && !isCssChunkError(error)) onChunkError?.(error as Error);
      throw error;
    });
  guarded.__steelChunkGuard = true;
  runtime.e = guarded;
  return true;
}
