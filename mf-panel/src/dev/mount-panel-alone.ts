import { createFakeShellContext, mountRemoteAlone } from '@steel/shared/testing';
import * as lifecycles from '../app/lifecycles';

/** The demo customer as the session holds them. */
export const DEMO_CUSTOMER = { id: 3, username: 'demo', email: 'demo@example.com', mobile: '09121234567' };

/**
 * The whole panel mounted alone at `path` for a component test, signed in as the demo customer,
 * over real kernel parts whose `fetch` answers as the CMS would. React's act() checks are off:
 * the panel renders on its own schedule, as in the browser.
 */
export async function mountPanelAt(path: string, fetch: (url: string, init?: RequestInit) => Promise<Response>) {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  window.history.pushState(null, '', path);
  const context = createFakeShellContext({
    user: DEMO_CUSTOMER,
    fetch: fetch as typeof globalThis.fetch,
    navigate: () => undefined,
  });
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  await mountRemoteAlone('panel', lifecycles, context, domElement);
  return context;
}

/** After each test: the panel unmounted and the page empty. */
export async function unmountPanel() {
  await lifecycles.unmount({ name: 'panel' } as never);
  document.body.innerHTML = '';
}
