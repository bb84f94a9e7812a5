/**
 * Guessing deploy keys is refused (docs/architecture.md, "Guessing deploy keys"): every place a
 * team's or the platform's key is presented — the deploy API's `Authorization` header, the
 * console's sign-in form — hands the verdict on the key to `judge` before it answers.
 *
 * Only wrong keys are counted, never requests: a team deploying all day is never slowed. Counted
 * per address (behind a trusted proxy, the forwarded one) and site-wide, in the shared state, so
 * several app servers have one count, not one each:
 * - an address with more than `perAddress` wrong keys in the window is refused — 429 with
 *   `Retry-After` — whatever key it sends, the right one too, so a guess past the limit tells
 *   nothing. A wrong key is counted (one atomic increment) before its answer is chosen, so a burst
 *   of guesses sent at once gets `perAddress` answers, not one per request;
 * - past `overall` wrong keys site-wide (many addresses guessing), every address is held to
 *   UNDER_ATTACK_PER_ADDRESS for the rest of the window. An address with fewer wrong keys still
 *   has its key taken, so a valid key from anywhere else is never locked out.
 * Redis that cannot be asked answers "no count": the same counts are kept in this process too,
 * and the larger one decides, so an outage leaves every server its own limit instead of none.
 */
import { toPersianDigits } from '@steel/shared';
import type { KeyGuessLimits } from '../config';
import type { SharedState } from '../shared-state/shared-state';
import { createWindowCounts, type WindowCount } from '../shared-state/window-counts';
import type { ServerMetrics } from '../observability/metrics';

export const KEY_GUESS_WINDOW_MS = 15 * 60_000;
/** Wrong keys an address may still present in a window while the site-wide count is past `overall`. */
export const UNDER_ATTACK_PER_ADDRESS = 2;
/** Addresses counted in this process's own copy (its least recently counted are forgotten first). */
const LOCAL_ADDRESSES = 10_000;
const OVERALL = 'overall';

/** What a person reads: on the console's sign-in page, and as the deploy API's `message`. */
export const tooManyWrongKeys = (retryAfterSeconds: number) =>
  `از این نشانی کلیدهای نادرست زیادی فرستاده شد؛ ${minutesInPersian(retryAfterSeconds)} دیگر دوباره تلاش کنید.`;

function minutesInPersian(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${toPersianDigits(minutes)} دقیقهٔ`;
}

export interface KeyGuesses {
  /**
   * Whether the answer to `address`, which presented a key that is `valid` or not, is a refusal:
   * null to answer as the key deserves (a wrong one is counted), otherwise the seconds to send as
   * Retry-After with the 429.
   */
  judge(address: string, valid: boolean): Promise<number | null>;
}

export function createKeyGuesses(
  limits: KeyGuessLimits,
  counter: Pick<SharedState, 'kind' | 'hit' | 'hits'>,
  metrics?: Pick<ServerMetrics, 'keyFailures'>,
): KeyGuesses {
  // In memory mode the shared count is this process's already.
  const local = counter.kind === 'redis' ? createWindowCounts(LOCAL_ADDRESSES) : null;
  const keysOf = (address: string) => [`key-guesses:${address}`, `key-guesses:${OVERALL}`] as const;
  /** The count so far, the larger of Redis's and this process's. */
  const countOf = async (key: string): Promise<WindowCount> => {
    const shared = await counter.hits(key);
    const own = local?.hits(key);
    return own && own.count > shared.count ? own : shared;
  };
  /** Counts one more: the count with it. */
  const hit = async (key: string): Promise<number> =>
    Math.max(await counter.hit(key, KEY_GUESS_WINDOW_MS), local?.hit(key, KEY_GUESS_WINDOW_MS) ?? 0);
  const allowedWith = (overall: number) =>
    overall > limits.overall ? Math.min(UNDER_ATTACK_PER_ADDRESS, limits.perAddress) : limits.perAddress;

  return {
    async judge(address, valid) {
      const [mine, overall] = keysOf(address);
      let refused: boolean;
      if (valid) {
        // Refused only where a wrong key would be: past the address's allowance already.
        const [own, all] = await Promise.all([countOf(mine), countOf(overall)]);
        refused = own.count >= allowedWith(all.count);
      } else {
        const [own, all] = await Promise.all([hit(mine), hit(overall)]);
        refused = own > allowedWith(all);
        metrics?.keyFailures.inc({ outcome: refused ? 'refused' : 'wrong' });
      }
      if (!refused) return null;
      if (valid) metrics?.keyFailures.inc({ outcome: 'refused' });
      return Math.max(1, Math.ceil((await countOf(mine)).msLeft / 1000));
    },
  };
}
