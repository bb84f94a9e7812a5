/**
 * The deploy gate's throwaway customer: a fresh account on the CMS for the pages and flows that
 * need somebody signed in (the customer panel), registered as a visitor registers
 * (`POST /auth/local/register`) and deleted with all it made (`DELETE /users/me`) when the gate
 * is done, whatever its verdict, and also when it throws.
 *
 * Its calls go to the CMS as the server reaches it and carry SITE_READ_SECRET, the server's own
 * mark: the CMS's per-address limits on registration and sign-in do not count them, so a busy day
 * of deploys from one server's address is never refused for it (the browser's sign-in in a flow is
 * a visitor's, counted as one).
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import type { User } from '@steel/contract';
import type { ServerConfig } from '../../config';
import { SITE_READ_HEADER } from '../../rendering/site-reads';

/** How the gate's accounts are named: `deploy-gate-<gate port>-<random>` (an operator can tell them from customers). */
export const THROWAWAY_CUSTOMER_PREFIX = 'deploy-gate-';

export interface ThrowawayCustomer {
  username: string;
  password: string;
  /** The account as `/users/me` answers it (what the site keeps in its user cookie). */
  user: User;
  /** An access token of a session of its own, for a browser context (signing out there ends that session only). */
  newSession(): Promise<string>;
  /** The session registration began: the smoke mount's pages use it. */
  jwt: string;
}

type CmsSettings = Pick<ServerConfig, 'cmsInternalUrl' | 'siteReadSecret' | 'port'>;

interface CmsAnswer {
  status: number;
  body: { jwt?: string; user?: User; error?: { message?: string } } & Partial<User>;
}

async function callCms(
  cms: CmsSettings,
  method: string,
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<CmsAnswer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cms.siteReadSecret) headers[SITE_READ_HEADER] = cms.siteReadSecret;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cms.cmsInternalUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let body: CmsAnswer['body'] = {};
  try {
    body = text ? (JSON.parse(text) as CmsAnswer['body']) : {};
  } catch {
    /* not JSON: the status says enough */
  }
  return { status: response.status, body };
}

const said = (answer: CmsAnswer) =>
  `${answer.status}${answer.body.error?.message ? ` «${answer.body.error.message}»` : ''}`;

/**
 * Registers the customer; a string says why it could not be (the CMS refused or is away), which
 * the gate reports: without a customer it cannot try the pages behind sign-in.
 */
async function register(cms: CmsSettings): Promise<ThrowawayCustomer | string> {
  const username = `${THROWAWAY_CUSTOMER_PREFIX}${cms.port}-${randomBytes(5).toString('hex')}`;
  const password = `Gate-${randomBytes(12).toString('base64url')}-9`;
  let registered: CmsAnswer;
  try {
    registered = await callCms(cms, 'POST', '/auth/local/register', {
      body: { username, email: `${username}@deploy-gate.invalid`, password },
    });
  } catch (error) {
    return `the CMS at ${cms.cmsInternalUrl} did not answer (${(error as Error).message})`;
  }
  if (registered.status !== 200) return `the CMS refused to register it: ${said(registered)}`;
  // E-mail confirmation on (EMAIL_CONFIRMATION=on): the account cannot sign in until a mail is answered.
  if (!registered.body.jwt) return 'the CMS answered no session (it asks new accounts to confirm their e-mail first)';
  const jwt = registered.body.jwt;
  const me = await callCms(cms, 'GET', '/users/me?populate=role', { token: jwt });
  if (me.status !== 200) return `the CMS did not answer its account: ${said(me)}`;
  return {
    username,
    password,
    user: me.body as User,
    jwt,
    async newSession() {
      const signedIn = await callCms(cms, 'POST', '/auth/local', { body: { identifier: username, password } });
      if (signedIn.status !== 200 || !signedIn.body.jwt)
        throw new Error(`the CMS refused the gate's customer a session: ${said(signedIn)}`);
      return signedIn.body.jwt;
    },
  };
}

/** Deletes the account and everything it made (with a new session when the flows ended the first). */
async function remove(cms: CmsSettings, customer: ThrowawayCustomer): Promise<void> {
  let deleted = await callCms(cms, 'DELETE', '/users/me', { token: customer.jwt });
  if (deleted.status === 401)
    deleted = await callCms(cms, 'DELETE', '/users/me', { token: await customer.newSession() });
  if (deleted.status !== 200) throw new Error(`the CMS did not delete it: ${said(deleted)}`);
}

/**
 * Runs `work` with a throwaway customer when `needed` (else with none), and deletes the customer
 * afterwards — after a pass, a refusal or a throw. A customer that cannot be made is the gate's
 * refusal (`sign in: …`); one that cannot be deleted is an error naming the account, unless
 * `work` threw already (that error is the one that matters then).
 */
export async function withThrowawayCustomer(
  cms: CmsSettings,
  needed: boolean,
  work: (customer: ThrowawayCustomer | null) => Promise<string | null>,
): Promise<string | null> {
  if (!needed) return work(null);
  const customer = await register(cms);
  if (typeof customer === 'string')
    return `sign in: the gate could not make its throwaway customer: ${customer}; the pages behind sign-in need one`;
  let verdict: string | null;
  try {
    verdict = await work(customer);
  } catch (error) {
    // `work` threw: its error is the one that matters, the removal is tried all the same.
    await remove(cms, customer).catch(() => {});
    throw error;
  }
  const removal = await remove(cms, customer).then(
    () => null,
    (error: Error) => error,
  );
  if (removal)
    throw new Error(`the deploy gate could not delete its throwaway customer ${customer.username}: ${removal.message}`);
  return verdict;
}

/** Signs a browser context in as the customer, the way the site keeps a session: its two cookies on the site's origin. */
export async function signInContext(
  context: BrowserContext,
  base: string,
  customer: ThrowawayCustomer,
  cookie: ServerConfig['runtime']['cookie'],
  token = customer.jwt,
): Promise<void> {
  await context.addCookies([
    { name: cookie.tokenName, value: token, url: base, sameSite: 'Lax' },
    // js-cookie's reading decodes what encodeURIComponent wrote.
    { name: cookie.userName, value: encodeURIComponent(JSON.stringify(customer.user)), url: base, sameSite: 'Lax' },
  ]);
}
