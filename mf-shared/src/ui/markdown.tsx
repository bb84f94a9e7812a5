import { use, useMemo, useState } from 'react';
import { preloadableComponent, useHydrated } from '@steel/shared/remote-core';
import { HydrateWhenNeeded } from './hydrate-when-needed';
import type { TopHeadingLevel } from './markdown-body';

/**
 * The pipeline, loaded when a body is rendered in the browser: a server-rendered body is never
 * hydrated (below), so a page that opens on one neither runs nor waits for it. A page that shows
 * markdown names `preloadMarkdown` in its `lazyPage` (`alsoForBrowserRender`): a link's intent and
 * a navigation then load it beside the page's chunk.
 */
const MarkdownBody = preloadableComponent(() => import(/* webpackChunkName: "markdown" */ './markdown-body'));

/** Loads the markdown pipeline: the server before it renders (renderToString cannot wait), a page rendered in the browser. */
export const preloadMarkdown = MarkdownBody.preload;

/**
 * CMS markdown as React elements, the same on the server and in the browser. react-markdown
 * never renders raw HTML (a `<script>` or `onerror` in a body stays text: there is no rehype-raw
 * here, and there must never be) and its default URL transform drops `javascript:` links, so CMS
 * text can never run code on the page. Headings get ids (rehype-slug) and anchors
 * (rehype-autolink-headings); `tableOfContents` adds a linked list of them for long texts.
 * `topHeadingLevel` is the level the body's top headings take: 2 for a page's body (under its h1),
 * one below the heading of the card or section that holds it otherwise.
 */
export function Markdown({
  children,
  className,
  tableOfContents = false,
  topHeadingLevel = 2,
}: {
  children: string;
  className?: string;
  tableOfContents?: boolean;
  topHeadingLevel?: TopHeadingLevel;
}) {
  const hydrated = useHydrated();
  // The text the server rendered, when this body came with the page (null when it did not).
  const [serverText] = useState(() => (hydrated ? null : children));
  // A body to render in the browser (a page rendered there, or new text for the server's body):
  // the page waits for the pipeline as for its data — a transition keeps the last page meanwhile,
  // instead of an empty body that fills in later.
  if (hydrated && children !== serverText && !MarkdownBody.isLoaded()) use(MarkdownBody.preload());
  // The same element while the text is the same: HydrateWhenNeeded opens on new children, and a
  // re-render of the page around the server's body must not hydrate (and load) the pipeline.
  const body = useMemo(
    () => (
      <MarkdownBody tableOfContents={tableOfContents} topHeadingLevel={topHeadingLevel}>
        {children}
      </MarkdownBody>
    ),
    [children, tableOfContents, topHeadingLevel],
  );
  // Markup only (text, images, plain links): a server-rendered body is never hydrated — that would
  // run the whole markdown pipeline again in the browser to adopt the same HTML.
  return (
    <HydrateWhenNeeded until="changed" className={className ?? 'prose-steel flex flex-col gap-3 leading-8'}>
      {body}
    </HydrateWhenNeeded>
  );
}
