/**
 * Guessing deploy keys is refused (docs/architecture.md, "Guessing deploy keys"): every place a team's
 * or the platform's key is presented — the deploy API's `Authorization` header, the console's
 * sign-in form — asks here before it looks at the key, and tells here when the key was wrong.
 *
 * Only wrong keys are counted, never requests: a team deploying all day is never slowed. Counted
 * per address (behind a trusted proxy, the forwarded one) and site-wide, in the shared state, so
 * several app servers have one count, not one each:
 * - an address with `perAddress` wrong keys in the window is refused — 429 with `Retry-After`,
 *   before its key is even looked at, so a guess at the limit cannot succeed either;
 * - past `overall` wrong keys site-wide (many addresses guessing), every address is held to
 *   UNDER_ATTACK_PER_ADDRESS for the rest of the window. An address with no wrong key yet always
 *   has its key looked at, so a valid key from anywhere else is never locked out.
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
  /** Null when `address` may present a key now; otherwise the seconds until it may (Retry-After). */
  refusal(address: string): Promise<number | null>;
  /** Counts a wrong key from `address`. */
  wrongKey(address: string): Promise<void>;
}

export function createKeyGuesses(
  limits: KeyGuessLimits,
  counter: Pick<SharedState, 'kind' | 'hit' | 'hits'>,
  metrics?: Pick<ServerMetrics, 'keyFailures'>,
): KeyGuesses {
  // In memory mode the shared count is this process's already.
  const local = counter.kind === 'redis' ? createWindowCounts(LOCAL_ADDRESSES) : null;
  const keyOf = (address: string) => `key-guesses:${address}`;
  const countOf = async (key: string): Promise<WindowCount> => {
    const shared = await counter.hits(key);
    const own = local?.hits(key);
    return own && own.count > shared.count ? own : shared;
  };

  return {
    async refusal(address) {
      const [mine, overall] = await Promise.all([countOf(keyOf(address)), countOf(keyOf(OVERALL))]);
      const allowed =
        overall.count >= limits.overall ? Math.min(UNDER_ATTACK_PER_ADDRESS, limits.perAddress) : limits.perAddress;
      if (mine.count < allowed) return null;
      metrics?.keyFailures.inc({ outcome: 'refused' });
      return Math.max(1, Math.ceil(mine.msLeft / 1000));
    },
    async wrongKey(address) {
      metrics?.keyFailures.inc({ outcome: 'wrong' });
      for (const key of [keyOf(address), keyOf(OVERALL)]) local?.hit(key, KEY_GUESS_WINDOW_MS);
      await Promise.all([
        counter.hit(keyOf(address), KEY_GUESS_WINDOW_MS),
        counter.hit(keyOf(OVERALL), KEY_GUESS_WINDOW_MS),
      ]);
    },
  };
}
