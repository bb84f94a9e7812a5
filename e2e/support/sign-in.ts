import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { baseURL, cmsURL, DEMO_USER } from './environment';

/** A real JWT for the demo customer, from the CMS under test (`POST /api/auth/local`). */
export async function demoJwt(request: APIRequestContext): Promise<string> {
  const response = await request.post(`${cmsURL}/api/auth/local`, {
    data: { identifier: DEMO_USER.email, password: DEMO_USER.password },
  });
  if (!response.ok()) throw new Error(`Demo login failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** Only the token cookie, as a customer of the old site may arrive (no readable `user_data`). */
export async function setTokenCookie(context: BrowserContext, jwt: string, url = baseURL): Promise<void> {
  await context.addCookies([{ name: 'user_token', value: jwt, url }]);
}

/**
 * Signs the browser context in as the demo customer (a real JWT in `user_token`; the shell fills
 * the user from `/api/auth` at start), for tests of pages behind the `auth` guard.
 */
export async function signInAsDemo(context: BrowserContext, request: APIRequestContext): Promise<void> {
  await setTokenCookie(context, await demoJwt(request));
}

/**
 * A new customer of its own (registration through the CMS), signed in on this page's browser
 * context; its JWT. Random digits in the mobile: parallel specs register customers too, and a
 * mobile belongs to one account.
 */
export async function signInAsNewCustomer(page: Page, request: APIRequestContext, prefix: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const mobile = `0936${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const response = await request.post(`${cmsURL}/api/auth/local/register`, {
    data: { username: `${prefix}${stamp}`, email: `${prefix}${stamp}@example.com`, password: 'Passw0rd!x', mobile },
  });
  if (!response.ok()) throw new Error(`register: ${response.status()} ${await response.text()}`);
  const { jwt } = (await response.json()) as { jwt: string };
  await setTokenCookie(page.context(), jwt);
  return jwt;
}
