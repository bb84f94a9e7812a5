/** @jest-environment node */
/**
 * The gate tries a page again as a visitor's browser would when its code did not load (a busy
 * machine's chunk time-out), so its verdict on the same files does not depend on the machine's
 * load; a version whose code never loads, or that fails otherwise, is refused all the same.
 */
import { LOAD_TRIES, triedAsBrowsersDo } from './check-lanes';

/** A page check answering with each of `verdicts` in turn, and how often it was opened. */
function pageAnswering(...verdicts: Array<string | null>) {
  const opened = { count: 0 };
  const attempt = async () => verdicts[Math.min(opened.count++, verdicts.length - 1)] ?? null;
  return { attempt, opened };
}

const CHUNK_TIMED_OUT = 'smoke mount: blog /blog: Loading chunk 900 failed. (timeout: http://127.0.0.1:8099/x.js)';

describe('a smoke check tried as browsers do', () => {
  it('passes a page whose chunk timed out once and loaded when opened again, saying it tried again', async () => {
    const page = pageAnswering(CHUNK_TIMED_OUT, null);
    const retries: string[] = [];
    await expect(triedAsBrowsersDo(page.attempt, (failure) => retries.push(failure))).resolves.toBeNull();
    expect(page.opened.count).toBe(2);
    expect(retries).toEqual([CHUNK_TIMED_OUT]);
  });

  it(`refuses a version whose code fails to load in ${LOAD_TRIES} fresh loads, saying so`, async () => {
    const page = pageAnswering(CHUNK_TIMED_OUT);
    await expect(triedAsBrowsersDo(page.attempt, () => undefined)).resolves.toBe(
      `${CHUNK_TIMED_OUT} (the same in ${LOAD_TRIES} fresh loads)`,
    );
    expect(page.opened.count).toBe(LOAD_TRIES);
  });

  it('refuses at once a page that fails for another reason than loading its code', async () => {
    const page = pageAnswering('smoke mount: catalogue /rebar/kalaf/rebar-kalaf-1: product view throws', null);
    await expect(triedAsBrowsersDo(page.attempt, () => undefined)).resolves.toBe(
      'smoke mount: catalogue /rebar/kalaf/rebar-kalaf-1: product view throws',
    );
    expect(page.opened.count).toBe(1);
  });

  it.each([
    'ChunkLoadError: Loading chunk 12 failed',
    'Failed to fetch dynamically imported module: http://127.0.0.1:8099/builds/blog/v2/a.js',
    "the page reloaded itself while mounting (the shell does so once when a remote's code fails to load)",
    '[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008',
  ])('counts «%s» as code that did not load', async (failure) => {
    const page = pageAnswering(failure, null);
    await expect(triedAsBrowsersDo(page.attempt, () => undefined)).resolves.toBeNull();
    expect(page.opened.count).toBe(2);
  });
});
