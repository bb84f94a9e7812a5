import { REMOTE_FAILURE_REPORT_PATH, type RemoteFailureKind, type RemoteName } from '@steel/contract';

export interface RemoteFailureReport {
  app: RemoteName;
  version: string;
  kind: RemoteFailureKind;
  /** The path it failed on (no query: nothing a visitor typed leaves the page). */
  route: string;
  message: string;
}

/**
 * Whether the visitor is leaving the page. Leaving cancels the page's requests — a remote's or a
 * contribution's federation manifest still loading fails with «Failed to get manifest» — and those are no
 * failure of the app's: counting them would let a visitor who clicks on before a listing's buttons
 * load abort a healthy canary. Back from the back/forward cache, the page is live again.
 */
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}

/**
 * Tells the app server that a remote failed here, so the team that deployed it learns of it
 * without a visitor's report. Sampled (`sampleRate` of failures are sent) and fire-and-forget:
 * `sendBeacon` survives the page being left, and a failed report is never retried.
 */
export function reportRemoteFailure(
  report: RemoteFailureReport,
  sampleRate = 1,
  random: () => number = Math.random,
): void {
  if (leaving || random() >= sampleRate) return;
  const body = JSON.stringify({ ...report, message: report.message.slice(0, 300) });
  try {
    if (!navigator.sendBeacon?.(REMOTE_FAILURE_REPORT_PATH, new Blob([body], { type: 'application/json' }))) {
      void fetch(REMOTE_FAILURE_REPORT_PATH, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
        keepalive: true,
      }).catch(() => undefined);
    }
  } catch {
    // Reporting must never add a failure of its own.
  }
}
