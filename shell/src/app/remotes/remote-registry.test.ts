import { init } from '@module-federation/enhanced/runtime';
import { CONTRACT_VERSION, type RegistryEntry } from '@steel/contract';
import { createLiveRoutes } from '../routes/match-route';
import { createRemoteRegistry } from './remote-registry';
import { createShellStore } from '../state/shell-store';

// The real federation runtime, as the shell's main.js has it: remotes are registered into it.
init({ name: 'shell', remotes: [] });

const major = Number(CONTRACT_VERSION.split('.')[0]);
const entry = (version: string, contract = CONTRACT_VERSION): RegistryEntry => ({
  version,
  entry: `/builds/catalogue/${version}/mf-manifest.json`,
  contract,
  shared: {},
  pages: [],
});

describe('the remote registry: may a remote run beside this shell?', () => {
  const registry = () => createRemoteRegistry(createLiveRoutes({}), () => undefined);
  // The runtime warns each time a test registers the remotes again (the shell does it on purpose, `force`).
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));

  it('checks the contract itself when the page gave no verdict', () => {
    const remotes = registry();
    remotes.registerEmbedded({ catalogue: entry('c1', `${major + 1}.0.0`), blog: entry('b1') });
    expect(remotes.incompatibility('catalogue')).toMatch(/contract/);
    expect(remotes.incompatibility('blog')).toBeNull();
  });

  it("takes the server's verdicts for the versions embedded with them, instead of checking again", () => {
    const remotes = registry();
    // The server, against the live shell's app manifest: the catalogue (fine by the shell's own check) is out; the blog is in.
    remotes.registerEmbedded(
      { catalogue: entry('c1'), blog: entry('b1', `${major + 1}.0.0`) },
      { catalogue: 'shared react: needs ^20.0.0' },
    );
    expect(remotes.incompatibility('catalogue')).toBe('shared react: needs ^20.0.0');
    expect(remotes.incompatibility('blog')).toBeNull();
  });

  it('checks a version the verdicts were not given for (a registry fetched later)', async () => {
    const remotes = registry();
    remotes.registerEmbedded({ catalogue: entry('c1') }, { catalogue: 'contract: speaks 9.0.0' });
    const fetched = { catalogue: entry('c2', `${major + 1}.0.0`) };
    await remotes.refresh(async <T>() => fetched as T);
    expect(remotes.incompatibility('catalogue')).toMatch(/contract/);
    expect(remotes.incompatibility('catalogue')).not.toBe('contract: speaks 9.0.0');
  });
});

describe('the remote registry: the remotes are what it names', () => {
  beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  const withPages = (version: string, ...paths: string[]): RegistryEntry => ({
    ...entry(version),
    pages: paths.map((path) => ({ path, rendering: 'server', guards: [], layout: 'default' })),
  });

  it('routes to and gives a container to a remote registered after the shell was built, and drops a removed one', async () => {
    const routes = createLiveRoutes();
    const remotes = createRemoteRegistry(routes, () => undefined);
    remotes.registerEmbedded({ catalogue: withPages('c1', '/'), shell: withPages('s1', '/shell-page') });
    const store = createShellStore(() => '/guides/first', routes);
    expect(store.get().apps).toEqual(['catalogue']);
    expect(routes.owner('/guides/first')).toBeNull();

    // A new team's app, registered and deployed since the page loaded, arrives with the next registry.
    await remotes.refresh(
      async <T>() => ({ catalogue: withPages('c1', '/'), guides: withPages('g1', '/guides/:slug') }) as T,
    );
    store.rerouteLocation();
    expect(routes.apps()).toEqual(['catalogue', 'guides']);
    expect(routes.owner('/guides/first')).toBe('guides');
    expect(store.get().apps).toEqual(['catalogue', 'guides']);
    expect(remotes.entryUrl('guides')).toBe(
      new URL('/builds/catalogue/g1/mf-manifest.json', window.location.href).href,
    );

    // Removed: its paths are no one's; its container stays (a remote may have been mounted in it).
    await remotes.refresh(async <T>() => ({ catalogue: withPages('c1', '/') }) as T);
    store.rerouteLocation();
    expect(routes.owner('/guides/first')).toBeNull();
    expect(store.get().route).toBeNull();
    expect(store.get().apps).toEqual(['catalogue', 'guides']);
  });
});
