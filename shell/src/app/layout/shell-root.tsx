import { SSR_URL_ATTRIBUTE, type RemoteMarkup, type RemoteName } from '@steel/contract';
import { ShellContextProvider, isConnectionFailure, type ShellContext } from '@steel/shared';
import { ErrorPage } from '../errors/error-page';
import { NotFoundView } from '../errors/not-found-view';
import { RemoteErrorView } from '../errors/remote-error-view';
import { useShellState, type ShellStore } from '../state/shell-store';
import { PanelNavigation } from './panel-navigation';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SiteNavigationProvider, type SiteNavigationStore } from './site-navigation';
import { ToastArea } from '../../features/toasts/toast-area';
import { ConsentBanner } from '../../features/consent/consent-banner';

/** The element single-spa mounts a remote into: rendered once, never re-created by React. */
export const appContainerId = (app: string) => `app-${app}`;

/**
 * The root wrapper (docs/guide-working-on-the-platform.md, "What the shell does at run time"): RTL, the layout of the current route, and the outlet the
 * remotes are mounted into. Both layouts share one tree so the outlet's DOM node — and the
 * remotes inside it — survive a layout change.
 */
/**
 * An app's container. Its children belong to the remote's own React root, never to the shell's:
 * an opaque node (dangerouslySetInnerHTML) keeps the shell's hydration and re-renders from
 * touching them — on the server it carries the remote's markup, in the browser it is left as is.
 */
function AppContainer({ app, markup }: { app: RemoteName; markup: RemoteMarkup | undefined }) {
  const serverAttributes = markup ? { [SSR_URL_ATTRIBUTE]: markup.url, 'data-app': app } : {};
  return (
    <div
      id={appContainerId(app)}
      data-app-container={app}
      {...serverAttributes}
      dangerouslySetInnerHTML={{ __html: markup?.html ?? '' }}
      suppressHydrationWarning
    />
  );
}

export function ShellRoot({
  context,
  store,
  navigation,
  remoteMarkup,
}: {
  context: ShellContext;
  store: ShellStore;
  /** The header's, drawer's and footer's links, from the live registry. */
  navigation: SiteNavigationStore;
  remoteMarkup?: RemoteMarkup;
}) {
  const state = useShellState(store);
  const route = state.route;
  const layout = route?.definition.layout ?? 'default';
  const currentPath = state.url.split('?')[0] ?? '/';
  const activeApp = route && route.definition.app !== 'server' ? route.definition.app : null;
  const failure = activeApp ? state.remoteFailures[activeApp] : undefined;
  const fatalError = state.error?.fatal ? state.error : null;

  return (
    <ShellContextProvider value={context}>
      <SiteNavigationProvider store={navigation}>
        {fatalError && (
          <ErrorPage
            statusCode={fatalError.statusCode}
            connectionFailed={isConnectionFailure(fatalError)}
            onHome={() => {
              store.clearError();
              context.navigate('/');
            }}
          />
        )}
        <div hidden={Boolean(fatalError)} className="flex min-h-screen flex-col" data-layout={layout}>
          <SiteHeader currentPath={currentPath} />
          <div
            data-layout-body
            className={
              layout === 'auth'
                ? 'mx-auto flex w-full max-w-7xl flex-col gap-2 px-4 py-3 md:flex-row md:gap-6 md:py-6'
                : 'flex w-full flex-1'
            }
          >
            {layout === 'auth' && <PanelNavigation currentPath={currentPath} />}
            <main id="outlet" className="min-w-0 flex-1">
              {!route && state.routesKnown && <NotFoundView path={state.url} />}
              {failure && (
                <RemoteErrorView
                  onRetry={failure.retry}
                  onHome={() => {
                    store.setRemoteFailure(activeApp as NonNullable<typeof activeApp>, null);
                    context.navigate('/');
                  }}
                />
              )}
              {state.apps.map((app) => (
                <AppContainer key={app} app={app} markup={remoteMarkup?.app === app ? remoteMarkup : undefined} />
              ))}
            </main>
          </div>
          <SiteFooter />
        </div>
        {/* Outside the layout, so toasts and the consent banner also show over the error page. */}
        <ConsentBanner />
        <ToastArea />
      </SiteNavigationProvider>
    </ShellContextProvider>
  );
}
