/**
 * How a path is matched against page patterns, once for the whole site: the shell routes by it in
 * the browser and on the server, and the app server reads a page's declared query parameters by it.
 * Patterns: `/blog`, `/blog/:slug`, `/rebar/*` (the last also owns everything below `/rebar`);
 * the most specific pattern wins, and at equal length the first listed.
 */

/** `/a/b/` and `/a/b` are the same path; `/` stays `/`. */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

export const pathSegments = (pathname: string): string[] => normalisePath(pathname).split('/').filter(Boolean);

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

function matchSegments(pattern: PathPattern, segments: readonly string[]): Record<string, string> | null {
  if (segments.length < pattern.segments.length) return null;
  if (segments.length > pattern.segments.length && !pattern.below) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.segments.entries()) {
    const segment = segments[index] as string;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (part !== segment) return null;
  }
  return params;
}

/** The most specific of `candidates` whose pattern matches `pathname`, with its params; or null. */
export function matchMostSpecific<T>(
  candidates: readonly T[],
  patternOf: (candidate: T) => PathPattern,
  pathname: string,
): { candidate: T; params: Record<string, string> } | null {
  const segments = pathSegments(pathname);
  let best: { candidate: T; params: Record<string, string> } | null = null;
  let bestLength = -1;
  for (const candidate of candidates) {
    const pattern = patternOf(candidate);
    const params = matchSegments(pattern, segments);
    if (params && pattern.segments.length > bestLength) {
      best = { candidate, params };
      bestLength = pattern.segments.length;
    }
  }
  return best;
}
