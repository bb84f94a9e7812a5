/**
 * How the gate runs its page checks (smoke-mount.ts, the flows): a few at a time, the first
 * refusal the answer, and a page whose code did not load opened again as a visitor's browser would.
 */

/**
 * A failure to load code or a federation manifest (webpack's 8 s chunk limit, a federation load, the shell's
 * reload after one): on a machine busy with other work it can be the machine, not the version.
 * A visitor's browser tries again (the shell reloads once, a retry button) — so does the gate,
 * opening the page afresh up to `LOAD_TRIES` times before the failure counts. A version whose
 * files are missing or broken fails every time and is refused all the same.
 */
const LOAD_FAILURE_RE =
  /Loading (CSS )?chunk [\w-]+ failed|ChunkLoadError|dynamically imported module|Failed to (fetch|load)|manifest|load failure:|reloaded itself/i;
export const LOAD_TRIES = 3;

/** Runs `attempt` again while it fails to load code, up to LOAD_TRIES; the last word, saying how often it was tried. */
export async function triedAsBrowsersDo(
  attempt: () => Promise<string | null>,
  onRetry: (failure: string) => void,
): Promise<string | null> {
  for (let tries = 1; ; tries++) {
    const failure = await attempt();
    if (!failure || !LOAD_FAILURE_RE.test(failure)) return failure;
    if (tries >= LOAD_TRIES) return `${failure} (the same in ${tries} fresh loads)`;
    onRetry(failure);
  }
}

/**
 * Checks the items `lanes` at a time; the first refusal any lane finds is the answer, and no lane
 * starts another item after it. Each check is awaited before the refusal is read: a lane whose check
 * passed must never write its null over another lane's refusal.
 *
 * A check may add items (`enqueue`: a page to open again signed in). They are taken before the items
 * still waiting, so a version failing only there is refused without opening every other page first,
 * and a lane that found nothing to do waits while another still checks, to take them at once.
 *
 * It returns only when no check runs any more: a check that threw stops the lanes from starting
 * others and is thrown once the rest have ended, so the caller never closes a page or a context
 * under a lane still using it.
 */
export async function firstRefusalInLanes<T>(
  items: readonly T[],
  lanes: number,
  check: (item: T, enqueue: (item: T) => void) => Promise<string | null>,
): Promise<string | null> {
  const queue = [...items];
  let refusal: string | null = null;
  let thrown = null as { error: unknown } | null;
  let running = 0;
  const idle: Array<() => void> = [];
  const wakeIdle = () => {
    for (const wake of idle.splice(0)) wake();
  };
  const enqueue = (item: T) => {
    queue.unshift(item);
    wakeIdle();
  };
  const lane = async () => {
    while (!refusal && !thrown) {
      const next = queue.shift();
      if (next === undefined) {
        if (!running) return;
        await new Promise<void>((resolve) => idle.push(resolve));
        continue;
      }
      running++;
      try {
        const found = await check(next, enqueue);
        refusal ??= found;
      } catch (error) {
        thrown ??= { error };
      } finally {
        running--;
        wakeIdle();
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (thrown) throw thrown.error;
  return refusal;
}
