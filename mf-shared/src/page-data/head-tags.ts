/**
 * A page's head as HTML (server) and as DOM updates (browser, on client navigation). One
 * function decides the tags, so the served HTML and a client-side navigation agree.
 */
import { imageSources } from '../images/image-widths';
import type { PageHead } from '@steel/contract/page-head';

const SITE_NAME = 'بازار آهن‌آلات';

export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script';
  attributes: Record<string, string>;
  text?: string;
}

const URL_KEYS = new Set(['@id', 'item', 'url', 'image', 'logo']);

const absolute = (pathOrUrl: string, siteUrl: string) =>
  new URL(pathOrUrl, siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;

/** The full title: «page | site», or the site name alone for the home page. */
export function documentTitle(head: PageHead): string {
  return head.title && head.title !== SITE_NAME ? `${head.title} | ${SITE_NAME}` : SITE_NAME;
}

export function headTags(head: PageHead, siteUrl: string): HeadTag[] {
  const tags: HeadTag[] = [{ tag: 'title', attributes: {}, text: documentTitle(head) }];
  const meta = (key: 'name' | 'property', name: string, content: string | undefined) => {
    if (content) tags.push({ tag: 'meta', attributes: { [key]: name, content } });
  };
  meta('name', 'description', head.description);
  if (head.noindex) meta('name', 'robots', 'noindex');
  if (head.canonical)
    tags.push({ tag: 'link', attributes: { rel: 'canonical', href: absolute(head.canonical, siteUrl) } });
  meta('property', 'og:site_name', SITE_NAME);
  meta('property', 'og:locale', 'fa_IR');
  meta('property', 'og:type', head.ogType ?? 'website');
  meta('property', 'og:title', head.title || SITE_NAME);
  meta('property', 'og:description', head.description);
  if (head.canonical) meta('property', 'og:url', absolute(head.canonical, siteUrl));
  if (head.image) meta('property', 'og:image', absolute(head.image, siteUrl));
  if (head.lcpImage) {
    const { src, srcSet, sizes } = imageSources(head.lcpImage.src, head.lcpImage.displayWidth, head.lcpImage.sizes);
    const attributes: Record<string, string> = { rel: 'preload', as: 'image', href: src };
    if (srcSet && sizes) Object.assign(attributes, { imagesrcset: srcSet, imagesizes: sizes });
    tags.push({ tag: 'link', attributes: { ...attributes, fetchpriority: 'high' } });
  }
  // Pages write site paths in JSON-LD; search engines need absolute URLs.
  const absoluteUrls = (key: string, value: unknown) =>
    URL_KEYS.has(key) && typeof value === 'string' && value.startsWith('/') ? absolute(value, siteUrl) : value;
  for (const data of head.jsonLd ?? []) {
    tags.push({ tag: 'script', attributes: { type: 'application/ld+json' }, text: JSON.stringify(data, absoluteUrls) });
  }
  return tags;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** JSON inside <script>: `<` escaped so no `</script>` in a CMS text can end the element. */
const escapeScript = (text: string) =>
  text
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The tags as HTML for the served page; every one marked so the browser can replace them later. */
export function headTagsHtml(head: PageHead, siteUrl: string): string {
  return headTags(head, siteUrl)
    .map(({ tag, attributes, text }) => {
      const attrs = Object.entries(attributes)
        .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
        .join('');
      if (tag === 'meta' || tag === 'link') return `<${tag} data-page-head${attrs}>`;
      const body = tag === 'script' ? escapeScript(text ?? '') : escapeHtml(text ?? '');
      return `<${tag}${tag === 'title' ? '' : ' data-page-head'}${attrs}>${body}</${tag}>`;
    })
    .join('\n');
}

/** Client navigation: replaces the previous page's tags with this page's. */
export function applyHead(doc: Document, head: PageHead, siteUrl: string): void {
  doc.head.querySelectorAll('[data-page-head]').forEach((element) => element.remove());
  for (const { tag, attributes, text } of headTags(head, siteUrl)) {
    if (tag === 'title') {
      doc.title = text ?? '';
      continue;
    }
    const element = doc.createElement(tag);
    element.setAttribute('data-page-head', '');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    if (text) element.textContent = text;
    doc.head.appendChild(element);
  }
}

/** schema.org BreadcrumbList from the page's breadcrumb (home first, as the page shows it). */
export function breadcrumbJsonLd(items: ReadonlyArray<{ label: string; to?: string }>, currentPath: string): object {
  const trail = [{ label: 'صفحه اصلی', to: '/' }, ...items];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.label,
      item: item.to ?? currentPath,
    })),
  };
}
