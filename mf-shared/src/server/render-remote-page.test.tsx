/** @jest-environment node */
import net from 'node:net';
import { Suspense } from 'react';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import { createRemoteServerEntry } from './render-remote-page';

const request = { url: '/somewhere', config: defaultRuntimeConfig, cmsUrl: 'http://127.0.0.1:9/api' };

function Boom(): never {
  throw new Error('a view that throws');
}

describe('a remote’s server render', () => {
  it('renders a page whole', async () => {
    const entry = createRemoteServerEntry({
      app: 'blog',
      css: async () => ({ default: '' }),
      pages: [],
      Root: () => (
        <Suspense fallback="…">
          <p>whole</p>
        </Suspense>
      ),
    });
    const result = await entry.render(request);
    expect(result.html).toContain('<p>whole</p>');
  });

  it('fails when a component throws inside a Suspense boundary, which React would leave to the browser unsaid', async () => {
    const entry = createRemoteServerEntry({
      app: 'blog',
      css: async () => ({ default: '' }),
      pages: [],
      Root: () => (
        <main>
          <Suspense fallback="…">
            <Boom />
          </Suspense>
        </main>
      ),
    });
    await expect(entry.render(request)).rejects.toThrow(/threw while rendering on the server/);
  });

  it("says why the CMS did not answer a page's data: fetch's cause, not only «fetch failed»", async () => {
    // A port just freed: nothing listens there, the connection is refused.
    const closedPort = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const entry = createRemoteServerEntry({
      app: 'blog',
      css: async () => ({ default: '' }),
      pages: [
        {
          path: '/somewhere',
          data: (_url, { api }) => [{ queryKey: ['articles'], queryFn: () => api.find('articles') }],
          head: () => null,
          Page: () => <p>never</p>,
        },
      ],
      Root: () => <main />,
    });
    await expect(entry.render({ ...request, cmsUrl: `http://127.0.0.1:${closedPort}/api` })).rejects.toThrow(
      /^The CMS did not answer for \/somewhere: .*ECONNREFUSED/,
    );
  });
});
