import type { PageRoute } from './app-manifest-schema';
import { findPrintablePage } from './printable-pages';

const route = (path: string, more: Partial<PageRoute> = {}): PageRoute => ({
  path,
  rendering: 'browser',
  guards: ['auth'],
  layout: 'default',
  ...more,
});

const pages = {
  inquiry: [
    route('/inquiry/requests/*', {
      printable: [{ path: '/inquiry/requests/:id/proforma', owner: '/inquiries/:id' }],
    }),
  ],
  // An app that claims to print another app's page prints nothing.
  panel: [route('/panel/*', { printable: [{ path: '/inquiry/requests/:id', owner: '/inquiries/:id' }] })],
};

describe('the pages /_/print.pdf prints', () => {
  it('is a page an app declares printable, with its owner read filled from the path', () => {
    expect(findPrintablePage(pages, '/inquiry/requests/abc123/proforma')).toEqual({
      app: 'inquiry',
      path: '/inquiry/requests/:id/proforma',
      owner: '/inquiries/abc123',
    });
  });

  it('is nothing else: other pages, the server’s own paths, another app’s page', () => {
    for (const path of ['/inquiry/requests/abc123', '/_/console', '/metrics', '/', '/inquiry/requests/a/b/proforma'])
      expect(findPrintablePage(pages, path)).toBeNull();
  });

  it('fills the owner read with the parameter encoded, whatever the path held', () => {
    expect(findPrintablePage(pages, '/inquiry/requests/a%3Fb/proforma')?.owner).toBe('/inquiries/a%3Fb');
  });
});
