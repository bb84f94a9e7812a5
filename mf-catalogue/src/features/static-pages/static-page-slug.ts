import type { PageUrl } from '@steel/shared';

/** The static page a URL names: its first path segment (`/about-us` → `about-us`). */
export const slugOf = (url: PageUrl) => url.pathname.split('/').filter(Boolean)[0] ?? '';
