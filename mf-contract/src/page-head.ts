/**
 * A page's head (title, description, canonical URL, JSON-LD…): a remote's server entry returns it with
 * the markup and the app server writes it into the page, so it crosses the app boundary.
 * Rendered into the served HTML and applied on client navigation.
 */
export interface PageHead {
  title: string;
  description?: string;
  /** Path (or absolute URL) of the canonical page; made absolute with the site URL. */
  canonical?: string;
  /** Open Graph type (`website`, `article`, `product`); default `website`. */
  ogType?: string;
  /** Image for link previews (path or absolute URL). */
  image?: string;
  /** JSON-LD objects (schema.org), each rendered as its own script element. */
  jsonLd?: readonly object[];
  /** Keep this page out of search engines (e.g. a search result page). */
  noindex?: boolean;
  /**
   * The page's largest image in the first viewport (its LCP), exactly as its `ResponsiveImage
   * priority` shows it: preloaded from the head, so it starts before the markup reaches it.
   */
  lcpImage?: { src: string; displayWidth: number; sizes?: string };
}
