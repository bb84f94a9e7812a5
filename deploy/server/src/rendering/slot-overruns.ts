/**
 * Slot contributions this server no longer renders (docs/architecture.md, "Extension slots"): a
 * contribution renders in its host's render thread, and synchronous work cannot be interrupted, so
 * one that blocked the thread past its time limit has already cost that render its time. It is
 * then not rendered again on this server until its app's next version: at once when it blocked
 * for more than `DISABLE_AT_ONCE_FACTOR` times its limit (no honest render is that slow), else once
 * it has done so `STRIKES` times (a busy machine may stretch one render, not three). Its element is
 * left to the browser, which renders it there — contained, as any contribution that fails — and each
 * render still counts it as its app's slot failure, so a canary of it is aborted by its figures.
 */
import type { RemoteName } from '@steel/contract';
import type { SlotFailure } from './slot-contributions';

const DISABLE_AT_ONCE_FACTOR = 3;
const STRIKES = 3;

export interface SlotOverruns {
  /** What a render must leave out: the disabled contributions of these versions, by app, and why. */
  disabledFor(versions: Record<string, string>): Record<RemoteName, string>;
  /** Takes a render's slot failures; the contributions it disables now, each with why. */
  record(failures: readonly SlotFailure[]): Array<{ app: RemoteName; version: string; reason: string }>;
}

export function createSlotOverruns(timeLimitMs: number): SlotOverruns {
  const strikes = new Map<string, number>();
  const disabled = new Map<string, string>();
  const key = (app: string, version: string) => `${app}@${version}`;
  return {
    disabledFor(versions) {
      const out: Record<RemoteName, string> = {};
      for (const [app, version] of Object.entries(versions)) {
        const reason = version && disabled.get(key(app, version));
        if (reason) out[app] = reason;
      }
      return out;
    },
    record(failures) {
      const now: Array<{ app: RemoteName; version: string; reason: string }> = [];
      for (const { app, version, blockedMs } of failures) {
        if (blockedMs === undefined || disabled.has(key(app, version))) continue;
        const count = (strikes.get(key(app, version)) ?? 0) + 1;
        strikes.set(key(app, version), count);
        if (blockedMs <= DISABLE_AT_ONCE_FACTOR * timeLimitMs && count < STRIKES) continue;
        const reason = `its render held the thread ${Math.round(blockedMs)} ms (its limit is ${timeLimitMs} ms), so this server renders it no more until its next version`;
        disabled.set(key(app, version), reason);
        now.push({ app, version, reason });
      }
      return now;
    },
  };
}
