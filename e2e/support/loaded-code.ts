import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** Records every JavaScript file the page downloads. */
export function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) urls.push(response.url());
  });
  return urls;
}

/**
 * Which npm package files went into each downloaded script, read from the script's source map
 * (every build ships them beside the code): the exact answer to "how many copies of React".
 */
export async function packagesIn(request: APIRequestContext, scriptUrls: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>();
  for (const url of scriptUrls) {
    const response = await request.get(`${url}.map`);
    if (!response.ok()) continue;
    const map = (await response.json()) as { sources: string[] };
    result.set(
      url,
      map.sources.map((source) => source.split('node_modules/').pop() ?? source),
    );
  }
  return result;
}

export function countScriptsContaining(packages: Map<string, string[]>, file: string): number {
  return [...packages.values()].filter((sources) => sources.includes(file)).length;
}

/**
 * Waits until every slot contribution of `app` on the page has rendered in the browser (its root
 * marks its element `data-slot-mounted`; a server-rendered one has hydrated then, after its code
 * and its slot's chunk came): before that its buttons are the server's and do nothing.
 */
export async function contributionsHydrated(page: Page, app: string): Promise<void> {
  await expect(page.locator(`[data-slot-contribution="${app}"]:not([data-slot-mounted])`)).toHaveCount(0);
}
