/** Reload guard (docs/behaviour.md, "Reload guard"): at most one reload per path within the TTL, so a broken deploy cannot loop. */

/** Kept from the old site so that customers mid-session are not reloaded twice. */
export const RELOAD_STORAGE_KEY = 'nuxt:reload';
/** The reload guard's window. */
export const RELOAD_TTL_MS = 10_000;

export interface ReloadAppOptions {
  /** The path to load (defaults to the current path with its query). */
  path?: string;
  ttl?: number;
  /** Reload even when the guard would refuse. */
  force?: boolean;
}

interface StoredReload {
  path?: string;
  expires?: number;
}

function readStored(): StoredReload {
  try {
    const raw = window.sessionStorage.getItem(RELOAD_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as StoredReload) : {};
  } catch {
    // Storage disabled or a broken value: behave as if nothing was stored.
    return {};
  }
}

/**
 * Full page load of `path` unless that path was already reloaded within `ttl`.
 * Returns whether it reloaded (false: the caller shows the error page instead).
 */
export function reloadApp(
  { path, ttl = RELOAD_TTL_MS, force = false }: ReloadAppOptions = {},
  // Injectable only because jsdom's location can neither reload nor be replaced.
  location: Pick<Location, 'pathname' | 'search' | 'reload' | 'href'> = window.location,
): boolean {
  const target = path ?? location.pathname + location.search;
  const stored = readStored();
  const now = Date.now();
  if (!force && stored.path === target && (stored.expires ?? 0) >= now) return false;
  try {
    window.sessionStorage.setItem(RELOAD_STORAGE_KEY, JSON.stringify({ path: target, expires: now + ttl }));
  } catch {
    // Without storage the guard cannot remember; reloading once is still right.
  }
  if (target === location.pathname + location.search || target === location.pathname) location.reload();
  else location.href = target;
  return true;
}
