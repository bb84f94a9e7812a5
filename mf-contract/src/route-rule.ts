/**
 * The site's one route rule: which of several page patterns owns a path, and the path's params.
 * The app server (`findPageRoute`), the shell in the browser and on the server (its route table)
 * and every remote's `matchPage` decide by `matchRoute` alone.
 *
 * Why this rule: the remotes render their pages with react-router's `<Routes>`, so whatever the
 * shell and the app server decide must be what react-router renders. The rule is therefore
 * react-router's own (v7 `matchRoutes`): the path decoded segment by segment, every matching
 * pattern ranked by react-router's score (a static segment outranks a `:param`, a final `/*` is
 * penalised), equal scores going to the first listed — the route table lists the app server's own
 * paths first, so they win over a remote's claim to the same path. One difference, on purpose and
 * on both sides: matching is case-sensitive (`/Blog` is not `/blog`; `<PageRoutes>` marks every
 * route `caseSensitive`). It is written out here rather than imported because the shell and the
 * app server would otherwise ship react-router for it (about 14 KB gzipped of the shell's first
 * load); repo/route-agreement.test.ts proves it picks what react-router picks, page and params,
 * for every path of the site and a list of tricky ones.
 *
 * Patterns: `/`, `/blog`, `/blog/:slug`, `/rebar/*` (`/rebar` and everything below it).
 */

export interface RouteMatch<T> {
  candidate: T;
  /** The winning pattern, as listed (`/blog/:slug`). */
  pattern: string;
  /** Decoded, as react-router gives them; `*` is the rest of the path below a `/*` pattern. */
  params: Record<string, string>;
}

interface CompiledPattern {
  matcher: RegExp;
  names: string[];
  score: number;
}

const compiledPatterns = new Map<string, CompiledPattern>();

/** react-router's `computeScore` (segments of `/blog/:slug`: '', 'blog', ':slug'). */
function scoreOf(pattern: string): number {
  const segments = pattern.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((segment) => segment !== '*')
    .reduce(
      (score, segment) => score + (/^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10),
      segments.length + (splat ? -2 : 0),
    );
}

/** react-router's `compilePath` for this grammar, without its case folding. */
function compile(pattern: string): CompiledPattern {
  const known = compiledPatterns.get(pattern);
  if (known) return known;
  const names: string[] = [];
  let source =
    '^' +
    pattern
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (pattern.endsWith('*')) {
    names.push('*');
    source += pattern === '*' || pattern === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else {
    source += '\\/*$';
  }
  const compiled = { matcher: new RegExp(source), names, score: scoreOf(pattern) };
  compiledPatterns.set(pattern, compiled);
  return compiled;
}

/**
 * The path as react-router matches it: each segment percent-decoded (an encoded `/` stays `%2F`
 * inside its segment); a path that does not decode is matched as it is.
 */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/** The candidate whose pattern owns `pathname` by the site's route rule, with its params; or null. */
export function matchRoute<T>(
  candidates: readonly T[],
  patternOf: (candidate: T) => string,
  pathname: string,
): RouteMatch<T> | null {
  const path = decodePath(pathname);
  let best: { candidate: T; pattern: string; compiled: CompiledPattern; found: RegExpExecArray } | null = null;
  for (const candidate of candidates) {
    const pattern = patternOf(candidate);
    const compiled = compile(pattern);
    // Strictly higher: an equal score goes to the first listed.
    if (best && compiled.score <= best.compiled.score) continue;
    const found = compiled.matcher.exec(path);
    if (found) best = { candidate, pattern, compiled, found };
  }
  if (!best) return null;
  const { found } = best;
  const params: Record<string, string> = {};
  best.compiled.names.forEach((name, index) => {
    params[name] = (found[index + 1] ?? '').replace(/%2F/g, '/');
  });
  return { candidate: best.candidate, pattern: best.pattern, params };
}

/** `/a/b/` and `/a/b` are the same path; `/` stays `/` (the redirects are listed without the slash). */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export const pathSegments = (pathname: string): string[] => normalisePath(pathname).split('/').filter(Boolean);

/** A pattern's shape, for telling kinds of page apart (the deploy gate); matching is `matchRoute`'s. */
export interface PathPattern {
  /** Literal segments and `:param` segments. */
  segments: readonly string[];
  /** Also matches every deeper path. */
  below: boolean;
}

/** `/rebar/*` → segments `['rebar']`, below. */
export function parsePattern(path: string): PathPattern {
  const below = path.endsWith('/*');
  return { segments: pathSegments(below ? path.slice(0, -2) : path), below };
}
