import { Suspense, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen } from '@testing-library/react';
import { lazyPage, preloadPage } from './lazy-page';
import type { PageUrl } from './page-definition';

const url: PageUrl = { pathname: '/about-us', pathWithQuery: '/about-us', params: {}, search: new URLSearchParams() };

function deferredModule() {
  let resolve: () => void = () => {};
  const loads: number[] = [];
  const load = () => {
    loads.push(1);
    return new Promise<{ default: (props: { url: PageUrl }) => ReactElement }>((done) => {
      resolve = () => done({ default: ({ url: pageUrl }) => <h1>{`صفحه ${pageUrl.pathname}`}</h1> });
    });
  };
  return { load, loads, resolve: () => resolve() };
}

describe('lazyPage', () => {
  it('renders its markup at once once preloaded, as the server render and hydration need', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    const preloaded = preloadPage({ Page });
    module.resolve();
    await preloaded;
    // No Suspense boundary at all: a page that suspended here would throw.
    expect(renderToString(<Page url={url} />)).toContain('صفحه /about-us');
    expect(module.loads).toHaveLength(1);
  });

  it('suspends on a client navigation until its code arrives, loading it once', async () => {
    const module = deferredModule();
    const Page = lazyPage(module.load);
    await act(async () => {
      render(
        <Suspense fallback={<p>در حال بارگذاری…</p>}>
          <Page url={url} />
        </Suspense>,
      );
    });
    expect(screen.getByText('در حال بارگذاری…')).toBeInTheDocument();
    await act(async () => {
      module.resolve();
      await preloadPage({ Page });
    });
    expect(screen.getByRole('heading', { name: 'صفحه /about-us' })).toBeInTheDocument();
    expect(module.loads).toHaveLength(1);
  });

  it('tries again after its code failed to load', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk failed');
      return { default: () => <h1>دوباره</h1> };
    });
    await expect(preloadPage({ Page })).rejects.toThrow('chunk failed');
    await preloadPage({ Page });
    expect(renderToString(<Page url={url} />)).toContain('دوباره');
  });

  it('leaves an ordinary page component alone', async () => {
    await expect(preloadPage({ Page: () => null })).resolves.toBeUndefined();
  });
});
