/** @jest-environment node */
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
});
