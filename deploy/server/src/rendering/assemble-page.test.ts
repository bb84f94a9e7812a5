/** @jest-environment node */
import { assemblePage } from './assemble-page';

const TEMPLATE = `<!doctype html><html lang="fa" dir="rtl"><head><title>بازار آهن‌آلات</title></head><body><div id="shell-root"></div><script defer src="/builds/shell/v1/main.js"></script></body></html>`;

describe('the served HTML of a server-rendered page', () => {
  const html = assemblePage(TEMPLATE, {
    shellHtml:
      '<header>…</header><div id="app-blog" data-ssr-url="/blog"><h1>مقالات</h1><img src="/__SHELL_PUBLIC_PATH__/assets/a.svg"></div>',
    shellError: null,
    head: {
      title: 'اخبار و مقالات',
      description: 'توضیح',
      canonical: '/blog',
      jsonLd: [{ '@type': 'BreadcrumbList', name: '</script><script>alert(1)</script>' }],
    },
    shellTitle: null,
    remote: { app: 'blog', css: '.a{color:red}</style><script>', state: { queries: [{ title: '</script>' }] } },
    registry: {
      blog: { version: 'b1', entry: '/builds/blog/b1/mf-manifest.json', contract: '1.0.0', shared: {}, pages: [] },
    },
    incompatible: { catalogue: 'contract: speaks 2.0.0' },
    preload: [
      { href: '/builds/blog/b1/remoteEntry.js', as: 'script' },
      { href: '/builds/shell/v1/assets/font.woff2', as: 'font' },
    ],
    publicPaths: { '/__SHELL_PUBLIC_PATH__/': '/builds/shell/v1/' },
    siteUrl: 'https://steel.example',
  });

  it('replaces the title and adds the head tags, preloads and the remote stylesheet', () => {
    expect(html).toContain('<title>اخبار و مقالات | بازار آهن‌آلات</title>');
    expect(html).not.toContain('<title>بازار آهن‌آلات</title>');
    expect(html).toContain('<link data-page-head rel="canonical" href="https://steel.example/blog">');
    expect(html).toContain('<link rel="preload" as="script" href="/builds/blog/b1/remoteEntry.js">');
    expect(html).toContain('<link rel="preload" as="font" href="/builds/shell/v1/assets/font.woff2" crossorigin>');
    expect(html).toMatch(/<style data-app="blog">\.a\{color:red\}<\\\/style><script><\/style><\/head>/);
  });

  it('puts the markup in the shell root with asset URLs of the live version', () => {
    expect(html).toContain(
      '<div id="shell-root"><header>…</header><div id="app-blog" data-ssr-url="/blog"><h1>مقالات</h1><img src="/builds/shell/v1/assets/a.svg"></div></div>',
    );
  });

  it('embeds the registry, the shell state (with the verdicts on the registry) and the query cache as JSON no CMS text can break out of', () => {
    expect(html).toContain(
      '<script type="application/json" id="remote-registry">{"blog":{"version":"b1","entry":"/builds/blog/b1/mf-manifest.json","contract":"1.0.0","shared":{},"pages":[]}}</script>',
    );
    expect(html).toContain(
      '<script type="application/json" id="shell-state">{"error":null,"incompatible":{"catalogue":"contract: speaks 2.0.0"}}</script>',
    );
    expect(html).toContain('id="query-state-blog">{"queries":[{"title":"\\u003c/script\\u003e"}]}</script>');
    // JSON-LD too: the only `</script>` sequences left are the elements' own ends.
    expect(html.match(/<\/script>/g)).toHaveLength(5);
  });
});

describe('preload hints of a remote with integrity', () => {
  it('carry the digest, and crossorigin when the file is on another origin (the request the shell will make)', () => {
    const html = assemblePage(TEMPLATE, {
      shellHtml: '',
      shellError: null,
      head: null,
      shellTitle: null,
      remote: null,
      registry: {},
      incompatible: {},
      preload: [
        { href: '/builds/blog/b1/remoteEntry.js', as: 'script', integrity: 'sha384-abc' },
        {
          href: 'https://cdn.example/builds/catalogue/c1/remoteEntry.js',
          as: 'script',
          integrity: 'sha384-def',
          crossorigin: true,
        },
        {
          href: 'https://cdn.example/builds/catalogue/c1/mf-manifest.json',
          as: 'fetch',
          integrity: 'sha384-ghi',
          crossorigin: true,
        },
      ],
      publicPaths: {},
      siteUrl: 'https://steel.example',
    });
    expect(html).toContain(
      '<link rel="preload" as="script" href="/builds/blog/b1/remoteEntry.js" integrity="sha384-abc">',
    );
    expect(html).toContain(
      '<link rel="preload" as="script" href="https://cdn.example/builds/catalogue/c1/remoteEntry.js" integrity="sha384-def" crossorigin>',
    );
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="https://cdn.example/builds/catalogue/c1/mf-manifest.json" integrity="sha384-ghi" crossorigin>',
    );
  });
});
