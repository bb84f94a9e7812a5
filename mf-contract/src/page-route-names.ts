/** The guards and layouts a page route may name (`app-manifest.ts`). */
export const GUARD_NAMES = ['auth', 'cache'] as const;
/** `auth`: signed-in visitors only; `cache`: the page's CMS reads may be served from the query cache. */
export type GuardName = (typeof GUARD_NAMES)[number];
export const LAYOUT_NAMES = ['default', 'auth'] as const;
/** `default`: header and footer; `auth`: the customer panel's frame. */
export type LayoutName = (typeof LAYOUT_NAMES)[number];
