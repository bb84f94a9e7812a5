import { REMOTE_NAME_RE, type RemoteName } from '@steel/contract';
import { isChunkLoadError } from '@steel/shared';
import { type RemoteFailureReport, reportRemoteFailure } from './report-remote-failure';

/** An app's published files, wherever they are served from: `…/builds/<app>/<version>/…`. */
const APP_FILE_RE = /\/builds\/([^/]+)\/([A-Za-z0-9][A-Za-z0-9._-]{0,63})\//;
/** An error loop must not turn one visitor into a flood of reports (nor a canary's whole sample). */
const MAX_REPORTS_PER_APP = 3;

/**
 * The remote whose code threw: from the script the error event names, else the innermost frame
 * of the stack that lies in a remote's files. Shell and third-party code is nobody's failure rate.
 */
export function attributeToRemote(
  filename: string | undefined,
  stack: string | undefined,
): { app: RemoteName; version: string } | null {
  for (const source of [filename ?? '', ...(stack ?? '').split('\n')]) {
    const match = APP_FILE_RE.exec(source);
    // Any remote's (the registry names them), never the shell's own.
    if (match && match[1] !== 'shell' && REMOTE_NAME_RE.test(match[1]!)) return { app: match[1]!, version: match[2]! };
  }
  return null;
}

/**
 * Uncaught errors and rejections from a remote's code are reported as that version's failures
 * (`uncaught`), beside load and mount failures: the release health of a canary counts them. Only
 * for the version this page runs (an old tab's stale chunk is not the new version's fault), and
 * code that failed to load is the chunk-error path's.
 */
export function reportUncaughtRemoteErrors({
  remoteVersion,
  sampleRate,
  report = reportRemoteFailure,
}: {
  remoteVersion: (app: RemoteName) => string;
  sampleRate: number;
  report?: (report: RemoteFailureReport, sampleRate: number) => void;
}): void {
  const sent = new Map<RemoteName, number>();
  const handle = (error: unknown, filename?: string) => {
    if (isChunkLoadError(error)) return;
    const origin = attributeToRemote(filename, error instanceof Error ? error.stack : undefined);
    if (!origin || origin.version !== remoteVersion(origin.app)) return;
    const count = sent.get(origin.app) ?? 0;
    if (count >= MAX_REPORTS_PER_APP) return;
    sent.set(origin.app, count + 1);
    const message = error instanceof Error ? error.message : String(error);
    report({ ...origin, kind: 'uncaught', route: window.location.pathname, message }, sampleRate);
  };
  window.addEventListener('error', (event) => handle(event.error ?? event.message, event.filename));
  window.addEventListener('unhandledrejection', (event) => handle(event.reason));
}
