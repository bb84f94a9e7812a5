import type { User } from '@steel/contract';
import { createFakeShellContext, mountRemoteAlone } from '@steel/shared/testing';
import * as lifecycles from '../app/lifecycles';

/** The demo buyer as the session holds them. */
export const DEMO_BUYER: User = { id: 3, username: 'demo', email: 'demo@example.com', mobile: '09121234567' };

/**
 * The inquiry app mounted alone at `path` for a component test, over real kernel parts whose
 * `fetch` answers as the CMS would; signed in as `user` (or not). React's act() checks are off:
 * the app renders on its own schedule, as in the browser.
 */
export async function mountInquiryAt(path: string, fetch: typeof globalThis.fetch, user: User | null = DEMO_BUYER) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  window.history.pushState(null, '', path);
  const context = createFakeShellContext({ user, fetch });
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  await mountRemoteAlone('inquiry', lifecycles, context, domElement);
  return context;
}

/** After each test: the app unmounted and the page empty. */
export async function unmountInquiry() {
  await lifecycles.unmount({ name: 'inquiry' } as never);
  document.body.innerHTML = '';
}
