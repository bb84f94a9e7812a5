/**
 * Colour-mode constants and the one resolution rule (docs/behaviour.md, "Colour mode"). This file imports nothing:
 * the build inlines `resolveColourMode`'s source into index.html's head (head-script.ts), so the
 * pre-paint script and the runtime can never disagree.
 */
export type ColourModePreference = 'system' | 'light' | 'dark';
export type ColourMode = 'light' | 'dark';

/** Kept from the old site (@nuxtjs/color-mode) so returning visitors keep their choice. */
export const COLOUR_MODE_STORAGE_KEY = 'nuxt-color-mode';
export const COLOUR_MODE_DEFAULT: ColourModePreference = 'system';
export const PREFERS_DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * The mode to apply. A forced mode wins; then an explicit stored preference; anything else
 * (`system`, nothing stored, garbage) follows the system setting.
 *
 * Must stay self-contained plain JS once types are stripped — no imports, no closures, no nested
 * functions — because its source text runs in the page head before any bundle.
 */
export function resolveColourMode(
  preference: string | null,
  systemPrefersDark: boolean,
  forced?: string | null,
): ColourMode {
  if (forced === 'light' || forced === 'dark') return forced;
  if (preference === 'light' || preference === 'dark') return preference;
  return systemPrefersDark ? 'dark' : 'light';
}

export function isColourModePreference(value: unknown): value is ColourModePreference {
  return value === 'system' || value === 'light' || value === 'dark';
}
