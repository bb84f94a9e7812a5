/**
 * A new live set is warmed as soon as it is heard of (live-store.ts's `onChange`: an activation, a
 * canary, a rollback, here or on another app server), before visitors ask for its pages: the render
 * pools of the live sets served now get their workers, those of a set served to nobody are closed,
 * and the most asked pages are rendered into the page cache.
 */
import type { LiveStore } from '../live-set/live-store';
import type { PageRenders } from './page-renders';
import type { RenderPools } from './render-pool';

export function createLiveSetWarming(
  live: LiveStore,
  pools: RenderPools,
  renders: PageRenders,
  log: { info(details: object, message: string): void; warn(details: object, message: string): void },
): () => Promise<void> {
  let warmedFor: string | null = null;
  return async () => {
    const stable = await live.current();
    // The canaries are part of what is served: a canary started is a new live set to warm.
    const served = stable && `${stable.stamp.id} ${JSON.stringify(stable.live.canary ?? {})}`;
    if (!served || warmedFor === served) return;
    warmedFor = served;
    try {
      const sets = await live.servedSets();
      // A deploy's previous live set is served to nobody now: its threads and their memory go.
      pools.keepOnly(sets.map((set) => set.stamp.id));
      const pages = await renders.warm(sets);
      // Said when done, so an operator (and a test) knows the new set's most asked pages are cached.
      log.info({ liveSets: sets.length, pages }, 'new live set warmed');
    } catch (error) {
      // Called without waiting (per change heard): a failure is said here, never left unhandled.
      log.warn({ err: error }, 'warming the new live set failed');
    }
  };
}
