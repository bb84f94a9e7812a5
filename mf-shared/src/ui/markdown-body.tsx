/**
 * The markdown pipeline (react-markdown, remark, rehype: ~40 KB gzip and a long evaluation on a
 * phone), in a chunk of its own that `markdown.tsx` loads when a body is rendered.
 */
import type { Element, ElementContent, Root } from 'hast';
import ReactMarkdown, { type Components } from 'react-markdown';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeSlug from 'rehype-slug';

/** A table of contents is worth it from this many headings on. */
const TABLE_OF_CONTENTS_MIN_HEADINGS = 3;

const textOf = (node: ElementContent): string =>
  node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(textOf).join('') : '';

/**
 * A rehype step after rehype-slug: puts a «فهرست مطالب» list of links to the body's h2/h3 at the
 * top, so the server's HTML and the browser's render hold the same table of contents.
 */
function rehypeTableOfContents() {
  return (tree: Root) => {
    const headings = tree.children.filter(
      (node): node is Element =>
        node.type === 'element' &&
        ['h1', 'h2', 'h3'].includes(node.tagName) &&
        typeof node.properties['id'] === 'string',
    );
    if (headings.length < TABLE_OF_CONTENTS_MIN_HEADINGS) return;
    const items: ElementContent[] = headings.map((heading) => ({
      type: 'element',
      tagName: 'li',
      properties: { className: heading.tagName === 'h3' ? ['ps-4'] : [] },
      children: [
        {
          type: 'element',
          tagName: 'a',
          properties: { href: `#${String(heading.properties['id'])}` },
          children: [{ type: 'text', value: heading.children.map(textOf).join('') }],
        },
      ],
    }));
    tree.children.unshift({
      type: 'element',
      tagName: 'nav',
      properties: {
        ariaLabel: 'فهرست مطالب',
        dataTableOfContents: '',
        className: ['rounded-lg', 'border', 'border-slate-200', 'p-4', 'dark:border-slate-700'],
      },
      children: [
        {
          type: 'element',
          tagName: 'p',
          properties: { className: ['mb-2', 'font-semibold'] },
          children: [{ type: 'text', value: 'فهرست مطالب' }],
        },
        { type: 'element', tagName: 'ol', properties: {}, children: items },
      ],
    });
  };
}

type HeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
/** The level a body's top headings take: 2 for a page's body, one below its heading for a body inside a card. */
export type TopHeadingLevel = 2 | 3 | 4 | 5;

// Headings keep their id (the anchor target); each gets a «#» link to itself after its text
// (hidden from screen readers, which reach the sections through the table of contents). A body's
// `#` and `##` are its top level and `###` the one below, numbered from where the body sits in the
// page (the outline never skips a level); the look stays that of a body's section headings.
function componentsBelow(top: TopHeadingLevel): Components {
  const Top = `h${top}` as HeadingTag;
  const Sub = `h${top + 1}` as HeadingTag;
  return {
    h1: ({ node: _node, children, ...props }) => (
      <Top {...props} className="scroll-mt-20 text-xl font-bold">
        {children}
      </Top>
    ),
    h2: ({ node: _node, children, ...props }) => (
      <Top {...props} className="scroll-mt-20 text-xl font-bold">
        {children}
      </Top>
    ),
    h3: ({ node: _node, children, ...props }) => (
      <Sub {...props} className="scroll-mt-20 text-lg font-semibold">
        {children}
      </Sub>
    ),
    ul: ({ node: _node, ...props }) => <ul {...props} className="list-disc ps-6" />,
    ol: ({ node: _node, ...props }) => <ol {...props} className="list-decimal ps-6" />,
    // A link whose URL the transform dropped (`javascript:` …) is plain text, not a link to this page.
    a: ({ node: _node, className, href, children, ...props }) =>
      href ? (
        <a {...props} href={href} className={className ?? 'text-primary-700 underline dark:text-primary-300'}>
          {children}
        </a>
      ) : (
        <span>{children}</span>
      ),
  };
}
const COMPONENTS_BELOW = {
  2: componentsBelow(2),
  3: componentsBelow(3),
  4: componentsBelow(4),
  5: componentsBelow(5),
} satisfies Record<TopHeadingLevel, Components>;

/** A markdown text as React elements (see `Markdown`, which renders it). */
export default function MarkdownBody({
  children,
  tableOfContents,
  topHeadingLevel,
}: {
  children: string;
  tableOfContents: boolean;
  topHeadingLevel: TopHeadingLevel;
}) {
  return (
    <ReactMarkdown
      components={COMPONENTS_BELOW[topHeadingLevel]}
      rehypePlugins={[
        rehypeSlug,
        ...(tableOfContents ? [rehypeTableOfContents] : []),
        [
          rehypeAutolinkHeadings,
          {
            behavior: 'append',
            properties: {
              // Dimmer than the heading in both modes, yet apart from its text by 3:1 (a link in a block of text).
              className: ['ms-2', 'text-slate-400', 'dark:text-slate-500', 'no-underline', 'hover:text-primary-600'],
              ariaHidden: 'true',
              tabIndex: -1,
            },
            content: { type: 'text', value: '#' },
          },
        ],
      ]}
    >
      {children}
    </ReactMarkdown>
  );
}
