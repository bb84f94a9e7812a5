/**
 * The console page's one script, served as a file (`/_/console/console.js`, allowed by the site's
 * `script-src 'self'`): it listens to the app's event stream and, when the app's figures or live
 * set change, fetches the page again and swaps its live parts (`[data-live-region]`) — a canary's
 * counts, someone else's activation, a new release-log line — leaving alone a part whose form is being
 * filled in. A screen reader hears one short line that it was updated. When the stream says the
 * session ended (`ended`: its time ran out, or its key was revoked), the page goes to the sign-in.
 *
 * Kept as text in a module rather than a file beside it: the compiled server (build-server.mjs) is
 * a bundle, and a string travels with it.
 */
export const CONSOLE_BROWSER_SCRIPT = `(() => {
  // A job's page follows its job: asked again every second until the job has ended.
  const job = document.getElementById('job');
  if (job && /^\\/_\\/console\\/apps\\/[^/]+\\/jobs\\/[^/]+$/.test(location.pathname)) {
    const follow = async () => {
      const current = document.getElementById('job');
      if (!current || !/^(queued|running)$/.test(current.dataset.jobState || '')) return;
      try {
        const response = await fetch(location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
        if (response.redirected || !response.ok) { location.reload(); return; }
        const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById('job');
        if (fresh && !current.contains(document.activeElement)) current.replaceWith(document.importNode(fresh, true));
      } catch (error) {
        // The server away for a moment (a restart): asked again below.
      }
      setTimeout(follow, 1000);
    };
    setTimeout(follow, 1000);
    return;
  }
  const stream = document.documentElement.querySelector('main [data-live-region]') && location.pathname.match(/^\\/_\\/console\\/apps\\/[^/]+$/);
  if (!stream || !window.EventSource) return;
  const status = document.getElementById('live-status');
  // A field someone has changed is theirs: its part of the page is not swapped under them.
  const edited = new WeakSet();
  const mark = (event) => { const region = event.target.closest && event.target.closest('[data-live-region]'); if (region) edited.add(region); };
  document.addEventListener('input', mark);
  document.addEventListener('change', mark);
  let refreshing = false;
  let again = false;
  async function refresh() {
    if (refreshing) { again = true; return; }
    refreshing = true;
    try {
      const response = await fetch(location.href, { credentials: 'same-origin', headers: { accept: 'text/html' } });
      if (response.redirected || !response.ok) { location.reload(); return; }
      const next = new DOMParser().parseFromString(await response.text(), 'text/html');
      for (const region of document.querySelectorAll('[data-live-region]')) {
        const fresh = next.getElementById(region.id);
        if (!fresh || edited.has(region) || (region.contains(document.activeElement) && document.activeElement !== document.body)) continue;
        region.replaceWith(document.importNode(fresh, true));
      }
      if (status) status.textContent = 'به‌روز شد: ' + new Date().toLocaleTimeString('fa-IR');
    } finally {
      refreshing = false;
      if (again) { again = false; void refresh(); }
    }
  }
  const since = (status && status.dataset.fingerprint) || '';
  const events = new EventSource(location.pathname + '/events?since=' + encodeURIComponent(since));
  events.addEventListener('change', () => void refresh());
  // The session ended (its time, or its key revoked): to the sign-in, saying which, not a reconnect.
  events.addEventListener('ended', (event) => {
    events.close();
    let why = 'expired';
    try { why = JSON.parse(event.data).why === 'revoked' ? 'revoked' : 'expired'; } catch (error) { /* said as expired */ }
    location.assign('/_/console/sign-in?' + why + '=1');
  });
})();
`;
