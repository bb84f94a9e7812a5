import type { RemoteName } from '@steel/contract/remotes';
import type { ShellContext } from '../contracts/shell-context';
import type { RemoteMountProps } from '../remote/remote-lifecycles';
import { createFakeShellContext } from './fakes';

interface Lifecycles {
  bootstrap: (props: RemoteMountProps) => Promise<unknown>;
  mount: (props: RemoteMountProps) => Promise<unknown>;
}

/**
 * Mounts one remote alone into `#remote-root` with the given (fake) shell context: the minimal
 * harness of `npm run dev -w <remote>`. Navigation stays inside the remote; other apps' paths
 * render nothing, as they would before the shell unmounts the remote.
 */
export async function mountRemoteAlone(
  app: RemoteName,
  lifecycles: Lifecycles,
  context: ShellContext,
  domElement: HTMLElement,
) {
  // Alone there is no single-spa: its own props (mountParcel, singleSpa) are never used by a remote.
  const props = { ...context, name: app, domElement } as unknown as RemoteMountProps;
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
}

/** Entry of a remote's dev harness page: a fake shell context over the real CMS, the remote mounted alone. */
export async function startDevHarness(app: RemoteName, lifecycles: Lifecycles, homePath = '/') {
  // The harness opens on the remote's own first page (the blog and the panel own nothing at `/`).
  if (window.location.pathname === '/' && homePath !== '/') window.history.replaceState(null, '', homePath);
  const domElement = document.getElementById('remote-root');
  if (!domElement) throw new Error('The harness page needs an element #remote-root');
  await mountRemoteAlone(app, lifecycles, createFakeShellContext(), domElement);
}
