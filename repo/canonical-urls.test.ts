/**
 * @jest-environment node
 *
 * One URL per page state, for every page: each page of every remote's published page list (what
 * the app server routes by), at every path the sitemap lists on the seeded content and at every
 * page's sample, is asked the way a crawler or an attacker asks it — an undeclared parameter, an
 * empty one, a repeated one, a default or out-of-range value, another page's parameter, another
 * order — and the app server's own decision (`canonicalPageUrl`) must send each to the one
 * canonical URL, which it then leaves alone. No page is exempt: a page that declares nothing reads
 * nothing. Pages rendered in the browser are one shell page whatever their query (nothing is
 * rendered or cached per URL): they keep their query for the browser.
 */
import {
  MAX_VALUE_LENGTH,
  canonicalPageUrl,
  canonicalSearch,
  declaredQueryAt,
  findPageRoute,
  type QueryParameter,
} from '@steel/contract';
import { PUBLISHED, samplePaths, sitemapPaths } from './support/site-pages';

const asParameter = (declared: string | QueryParameter): QueryParameter =>
  typeof declared === 'string' ? { name: declared, kind: 'text' } : declared;

/** Where the app server sends a request, or the URL itself when it keeps it. */
function decided(url: string): string {
  const pathname = url.split('?')[0] ?? '/';
  return canonicalPageUrl(url, pathname, findPageRoute(PUBLISHED, pathname)?.route) ?? url;
}

/** Requests for one page state spelled wrongly, each with the canonical URL it must reach. */
function wrongSpellings(pathname: string, declared: readonly QueryParameter[]): Array<[string, string]> {
  const at = (search: string) => `${pathname}?${search}`;
  const cases: Array<[string, string]> = [
    [at(`zz=${Math.random()}`), pathname],
    [at('utm_source=x&fbclid=1'), pathname],
    [`${pathname}?`, pathname],
  ];
  for (const parameter of declared) {
    const name = parameter.name;
    cases.push([at(`${name}=`), pathname], [at(`${name}=%20`), pathname]);
    if (parameter.kind === 'page') {
      for (const value of ['1', '0', '-1', 'abc', '1.5']) cases.push([at(`${name}=${value}`), pathname]);
      cases.push([at(`${name}=02`), at(`${name}=2`)], [at(`${name}=3&${name}=4`), at(`${name}=3`)]);
    }
    if (parameter.kind === 'one-of') {
      cases.push([at(`${name}=not-one-of-them`), pathname]);
      if (parameter.default !== undefined) cases.push([at(`${name}=${parameter.default}`), pathname]);
      const [first, second] = parameter.values.filter((value) => value !== parameter.default);
      if (first && second) cases.push([at(`${name}=${first}&${name}=${second}`), at(`${name}=${first}`)]);
    }
    if (parameter.kind === 'text' || parameter.kind === 'list') {
      const [a, b] = twoValuesOfType(parameter.value?.type);
      if (parameter.kind === 'text') cases.push([at(`${name}=${a}&${name}=${b}`), at(`${name}=${a}`)]);
      else
        cases.push(
          [at(`${name}=${b}&${name}=${a}`), at(`${name}=${a}&${name}=${b}`)],
          [at(`${name}=${a}&${name}=${a}`), at(`${name}=${a}`)],
        );
      // Longer than any state's value, or not of its type: not a state at all.
      cases.push([at(`${name}=${'x'.repeat((parameter.value?.maxLength ?? MAX_VALUE_LENGTH) + 1)}`), pathname]);
      if (parameter.value?.type)
        cases.push([at(`${name}=zzz1`), pathname], [at(`${name}=${a};${name}=${b}`), pathname]);
    }
  }
  // Two parameters in the other order.
  const [first, second] = declared.filter((parameter) => parameter.kind === 'text' || parameter.kind === 'list');
  if (first && second) {
    const x = twoValuesOfType(first.kind === 'text' || first.kind === 'list' ? first.value?.type : undefined)[0];
    const y = twoValuesOfType(second.kind === 'text' || second.kind === 'list' ? second.value?.type : undefined)[1];
    cases.push([at(`${second.name}=${y}&${first.name}=${x}`), at(`${first.name}=${x}&${second.name}=${y}`)]);
  }
  return cases;
}

/** Two values of a parameter's type, in canonical order. */
const twoValuesOfType = (type: 'number' | 'date' | undefined): [string, string] =>
  type === 'number' ? ['12', '14'] : type === 'date' ? ['2025-03-01', '2025-03-02'] : ['a', 'b'];

/** A value of a parameter's type that its rule keeps. */
const valueOfType = (type: 'number' | 'date' | undefined) =>
  type === 'number' ? '12.5' : type === 'date' ? '2025-03-01' : 'میلگرد ۱۲';

/** A valid value of each declared parameter: the URL that must be left as it is. */
function validUrl(pathname: string, declared: readonly QueryParameter[]): string {
  const search = new URLSearchParams();
  for (const parameter of declared) {
    if (parameter.kind === 'page') search.append(parameter.name, '2');
    else if (parameter.kind === 'one-of') {
      const value = parameter.values.find((candidate) => candidate !== parameter.default);
      if (value) search.append(parameter.name, value);
    } else search.append(parameter.name, valueOfType(parameter.value?.type));
  }
  return pathname + canonicalSearch(search, declared);
}

/** A path below each `/*` page, which its sample (the page's own path) does not reach. */
const belowPaths = () =>
  Object.values(PUBLISHED).flatMap((pages) =>
    pages.filter((route) => route.path.endsWith('/*')).map((route) => route.path.replace(/\*$/, 'sample-below')),
  );
const PATHS = [...new Set([...sitemapPaths(), ...samplePaths(), ...belowPaths()])];
/** Every parameter any page declares: each is "another page's parameter" somewhere else. */
const EVERY_PARAMETER = [
  ...new Set(
    Object.values(PUBLISHED).flatMap((pages) =>
      pages.flatMap((route) =>
        [...(route.query ?? []), ...(route.subpages ?? []).flatMap((subpage) => subpage.query)].map(
          (declared) => asParameter(declared).name,
        ),
      ),
    ),
  ),
];

describe('every page has one URL per state', () => {
  it('walks every page kind of every remote (none is left out of the paths walked)', () => {
    const walked = new Set(
      PATHS.flatMap((pathname) => {
        const owner = findPageRoute(PUBLISHED, pathname);
        return owner ? [`${owner.app} ${owner.route.path}`] : [];
      }),
    );
    const every = Object.entries(PUBLISHED).flatMap(([app, pages]) => pages.map((route) => `${app} ${route.path}`));
    expect(every.filter((page) => !walked.has(page))).toEqual([]);
    expect(PATHS.length).toBeGreaterThan(100);
  });

  it('sends every wrong spelling of every server-rendered page to its canonical URL, and keeps that one', () => {
    const wrong: Array<{ url: string; went: string; expected: string }> = [];
    let checked = 0;
    for (const pathname of PATHS) {
      const owner = findPageRoute(PUBLISHED, pathname);
      if (owner?.route.rendering === 'browser') continue;
      const declared = owner ? declaredQueryAt(owner.route, pathname).map(asParameter) : [];
      const read = new Set(declared.map((parameter) => parameter.name));
      const cases = [
        ...wrongSpellings(pathname, declared),
        // What another page reads is not read here.
        ...EVERY_PARAMETER.filter((name) => !read.has(name)).map((name): [string, string] => [
          `${pathname}?${name}=2`,
          pathname,
        ]),
        // The canonical URLs themselves are kept.
        [pathname, pathname] as [string, string],
        [validUrl(pathname, declared), validUrl(pathname, declared)] as [string, string],
      ];
      for (const [url, expected] of cases) {
        checked += 1;
        const went = decided(url);
        if (went !== expected) wrong.push({ url, went, expected });
        // A redirect's target is final: it is never redirected again.
        if (decided(went) !== went) wrong.push({ url: went, went: decided(went), expected: went });
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  });

  it('reads the product page’s own query inside a category’s tree, not its listing’s', () => {
    const product = PATHS.find((pathname) => pathname.startsWith('/rebar/kalaf/'));
    expect(product).toBeDefined();
    expect(decided(`${product}?page=7&sort=name&diameter_mm=12`)).toBe(product);
    expect(decided(`${product}?action=order&page=2`)).toBe(`${product}?action=order`);
    expect(decided('/rebar/kalaf?diameter_mm=14&page=1&diameter_mm=12&action=order&sort=price-asc')).toBe(
      '/rebar/kalaf?diameter_mm=12&diameter_mm=14&sort=price-asc',
    );
  });

  it('leaves the query of a page rendered in the browser to the browser', () => {
    expect(decided('/panel/order?status=open&page=2')).toBe('/panel/order?status=open&page=2');
    expect(decided('/login/reset-password?code=abc')).toBe('/login/reset-password?code=abc');
  });
});
