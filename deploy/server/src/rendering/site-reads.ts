/**
 * The CMS counts anonymous reads per address (its public-reads middleware), and every read of this
 * server comes from one address: the server's own reads carry SITE_READ_SECRET in `X-Site-Read`
 * so the CMS does not count them. Visitors' renders are bounded here instead (page cache, canonical
 * query, render budget per client). The remotes' server entries make their own content clients on
 * the global fetch, so the header is added to that fetch — for GETs to the CMS's origin only.
 */
export const SITE_READ_HEADER = 'x-site-read';

let installedFor: string | null = null;

export function sendSiteReadSecret(cmsUrl: string, secret: string | null): void {
  if (!secret) return;
  const origin = new URL(cmsUrl).origin;
  if (installedFor === origin) return;
  if (installedFor) throw new Error(`site reads already go to ${installedFor}, not ${origin}`);
  installedFor = origin;
  const plainFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || new URL(request.url).origin !== origin) return plainFetch(request);
    const headers = new Headers(request.headers);
    headers.set(SITE_READ_HEADER, secret);
    return plainFetch(new Request(request, { headers }));
  };
}
