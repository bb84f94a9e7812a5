/**
 * A loader that runs `load` once and hands every caller the same promise — unless it fails: a
 * chunk that failed may load on the next try (the shell's reload guard handles a stale version),
 * so a failure is forgotten.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
}
