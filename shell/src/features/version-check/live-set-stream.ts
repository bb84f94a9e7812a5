import { LIVE_EVENTS_PATH, type LiveSetNotice } from '@steel/contract';

/**
 * Follows the live set the app server pushes (`/builds/events`, Server-Sent Events): each `live`
 * event reaches `onNotice`. The browser reconnects a dropped stream by itself; a browser without
 * EventSource, or a server that refuses the stream, leaves the version poll as the only check.
 */
export function followLiveSet(onNotice: (notice: LiveSetNotice) => void): { close(): void } {
  if (typeof EventSource === 'undefined') return { close() {} };
  const source = new EventSource(LIVE_EVENTS_PATH);
  source.addEventListener('live', (event) => {
    try {
      onNotice(JSON.parse((event as MessageEvent<string>).data) as LiveSetNotice);
    } catch {
      // A garbled event is skipped: the next one, or the poll, carries the same news.
    }
  });
  return { close: () => source.close() };
}
