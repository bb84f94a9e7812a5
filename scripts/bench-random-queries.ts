/**
 * Renders caused by random query strings on every page kind the live registry serves from the
 * server (each page's sample, and a real listing and product page for the catalogue's tree), for
 * `npm run bench`'s hostile section. Each kind is asked with random parameter names and with
 * random `page` values; a request the app server does not send to the canonical URL (301) is
 * counted as a render it was made to do (or a refusal of one). Then 1,000 random values of a
 * listing's filters, sort and page, which the CMS's state decides (none of them is a state).
 */
import {
  findPageRoute,
  pageQueryAt,
  registryEntrySchema,
  samplePath,
  type PageRoute,
  type QueryParameter,
} from '@steel/contract';

const randomToken = () => Math.random().toString(36).slice(2, 10);
const REQUESTS_PER_KIND = 60;

/** One URL of each server-rendered page kind: the registry's samples, and the given real pages. */
async function pageKindUrls(base: string, realPages: readonly string[]): Promise<string[]> {
  const registry = (await (await fetch(`${base}/remotes.json`)).json()) as Record<string, unknown>;
  const samples = Object.values(registry).flatMap((entry) => {
    const parsed = registryEntrySchema.safeParse(entry);
    return parsed.success ? parsed.data.pages.filter((route) => route.rendering === 'server').map(samplePath) : [];
  });
  return [...new Set([...samples, ...realPages])];
}

export async function randomQueryRendersPerPageKind(
  base: string,
  realPages: readonly string[],
  log: (line: string) => void,
): Promise<void> {
  const urls = await pageKindUrls(base, realPages);
  let total = 0;
  let rendered = 0;
  const rows: string[] = [];
  for (const url of urls) {
    const outcomes = new Map<string, number>();
    for (let i = 0; i < REQUESTS_PER_KIND; i++) {
      const query = i % 2 ? `${randomToken()}=${randomToken()}` : `page=${randomToken()}`;
      const response = await fetch(`${base}${url}?${query}`, { redirect: 'manual' });
      await response.arrayBuffer();
      const outcome = `${response.status}${response.headers.get('x-render') ? ` ${response.headers.get('x-render')}` : ''}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    const notRedirected = [...outcomes].filter(([key]) => !key.startsWith('301')).reduce((sum, [, n]) => sum + n, 0);
    total += REQUESTS_PER_KIND;
    rendered += notRedirected;
    rows.push(
      `    ${url.padEnd(48)} ${String(notRedirected).padStart(3)}  (${[...outcomes].map(([k, n]) => `${k}×${n}`).join(', ')})`,
    );
  }
  log(
    `renders caused by random parameters, ${urls.length} page kinds × ${REQUESTS_PER_KIND} requests: ${rendered} of ${total}`,
  );
  for (const row of rows) log(row);
}

const RANDOM_FILTER_VALUES = 1000;

/** 1,000 random values of the listing's declared parameters (a filter, the sort, the page): how many were rendered. */
export async function randomFilterValueRenders(base: string, listingPath: string, log: (line: string) => void) {
  const registry = (await (await fetch(`${base}/remotes.json`)).json()) as Record<string, unknown>;
  const pages: Record<string, PageRoute[]> = {};
  for (const [app, entry] of Object.entries(registry)) {
    const parsed = registryEntrySchema.safeParse(entry);
    if (parsed.success) pages[app] = parsed.data.pages;
  }
  const route = findPageRoute(pages, listingPath)?.route;
  const parameters = (route ? pageQueryAt(route, listingPath).query : []).map((declared): QueryParameter =>
    typeof declared === 'string' ? { name: declared, kind: 'text' } : declared,
  );
  if (!parameters.length) return log(`random filter values: ${listingPath} declares no query`);
  const outcomes = new Map<string, number>();
  for (let i = 0; i < RANDOM_FILTER_VALUES; i++) {
    const parameter = parameters[i % parameters.length]!;
    const value =
      parameter.kind === 'page'
        ? String(10_000 + Math.floor(Math.random() * 1e9))
        : i % 3 === 0
          ? String(Math.round(Math.random() * 1e6) / 100)
          : randomToken();
    const response = await fetch(`${base}${listingPath}?${parameter.name}=${value}`, { redirect: 'manual' });
    await response.arrayBuffer();
    const outcome = `${response.status}${response.headers.get('x-render') ? ` ${response.headers.get('x-render')}` : ''}`;
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
  }
  const rendered = [...outcomes].filter(([key]) => !key.startsWith('301')).reduce((sum, [, n]) => sum + n, 0);
  log(
    `renders caused by ${RANDOM_FILTER_VALUES} random filter values of ${listingPath} (${parameters.length} parameters): ${rendered}  (${[...outcomes].map(([k, n]) => `${k}×${n}`).join(', ')})`,
  );
}
