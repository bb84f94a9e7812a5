import { expect, test, type Page } from './support/test';
import { ROUTE_TABLE_PAGES } from './support/expected-pages';
import { signInAsDemo } from './support/sign-in';

/**
 * Security headers. Measured before: the app server sent no Content-Security-Policy and allowed
 * framing. Now every page carries a strict policy, and no page of the route table may break it:
 * a violation would mean either a hole in the policy or a page feature the policy kills.
 */

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Records every CSP violation the page reports, from the first script on (before the app's own). */
async function listenForViolations(page: Page): Promise<string[]> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return consoleErrors;
}

test.describe('no page of the route table violates the Content-Security-Policy', () => {
  for (const expected of ROUTE_TABLE_PAGES) {
    test(`${expected.path}`, async ({ page, context, request }) => {
      if (expected.path.startsWith('/panel')) await signInAsDemo(context, request);
      const consoleErrors = await listenForViolations(page);
      const response = await page.goto(expected.path);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      await expect(page.locator(`#app-${expected.app} h1`)).toHaveText(expected.heading);
      // The colour-mode script ran (allowed by its hash): the root has its mode class.
      await expect(page.locator('html')).toHaveClass(/\b(light|dark)\b/);
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }
});

test('client-side navigation across the three remotes stays within the policy', async ({ page, context, request }) => {
  await signInAsDemo(context, request);
  const consoleErrors = await listenForViolations(page);
  await page.goto('/');
  await expect(page.locator('#app-catalogue h1')).toHaveText('بازار آهن‌آلات');
  for (const [landmark, name, app] of [
    ['contentinfo', 'اخبار و مقالات', 'blog'],
    ['banner', 'پنل کاربری', 'panel'],
  ] as const) {
    await page.getByRole(landmark).getByRole('link', { name }).first().click();
    await expect(page.locator(`#app-${app} h1`)).toBeVisible();
  }
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('every response carries the security headers and the page cannot be framed', async ({ page, request }) => {
  for (const url of ['/', '/panel', '/remotes.json', '/api/health', '/robots.txt']) {
    const headers = (await request.get(url)).headers();
    expect(headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    expect(headers['x-content-type-options'], url).toBe('nosniff');
    expect(headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options'], url).toBe('DENY');
    expect(headers['permissions-policy'], url).toContain('camera=()');
  }
  // A page of another origin (a data: URL) framing the site gets nothing of it.
  await page.goto('/');
  const framed = await page.evaluate(async (src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
    return new Promise<boolean>((resolve) => {
      frame.addEventListener('load', () => {
        try {
          resolve(!!frame.contentDocument?.querySelector('#shell-root'));
        } catch {
          resolve(false);
        }
      });
    });
  }, page.url());
  expect(framed).toBe(false);
});
