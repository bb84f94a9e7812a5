import { COLOUR_MODE_STORAGE_KEY, PREFERS_DARK_QUERY, resolveColourMode } from './resolve-colour-mode';

/**
 * The inline script index.html runs in its head, before first paint (docs/behaviour.md, "Colour mode"), built from
 * the same `resolveColourMode` the runtime uses (@steel/build passes it to the template).
 * Storage or matchMedia failing (privacy mode, old browser) leaves the page light.
 */
export function colourModeHeadScript(): string {
  const key = JSON.stringify(COLOUR_MODE_STORAGE_KEY);
  const query = JSON.stringify(PREFERS_DARK_QUERY);
  return [
    '(function () {',
    '  var root = document.documentElement;',
    '  var mode = "light";',
    '  try {',
    `    mode = (${resolveColourMode.toString()})(localStorage.getItem(${key}), window.matchMedia(${query}).matches, null);`,
    '  } catch (error) {}',
    '  root.classList.remove("light", "dark");',
    '  root.classList.add(mode);',
    '  root.style.colorScheme = mode;',
    '})();',
  ].join('\n');
}
