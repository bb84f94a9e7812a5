import ReactMarkdown from 'react-markdown';

/**
 * CMS markdown as React elements, the same on the server and in the browser. react-markdown
 * never renders raw HTML (a `<script>` or `onerror` in a body stays text) and its default URL
 * transform drops `javascript:` links, so CMS text can never run code on the page.
 */
export function Markdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={className ?? 'prose-steel flex flex-col gap-3 leading-8'}>
      <ReactMarkdown
        components={{
          h1: ({ children: text }) => <h2 className="text-xl font-bold">{text}</h2>,
          h2: ({ children: text }) => <h2 className="text-xl font-bold">{text}</h2>,
          h3: ({ children: text }) => <h3 className="text-lg font-semibold">{text}</h3>,
          ul: ({ children: items }) => <ul className="list-disc ps-6">{items}</ul>,
          ol: ({ children: items }) => <ol className="list-decimal ps-6">{items}</ol>,
          a: ({ href, children: text }) => (
            <a href={href} className="text-primary-700 underline dark:text-primary-300">
              {text}
            </a>
          ),
        }}
      >
        {children}
      </ReactMarkdown>
    </div>
  );
}
