import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import {
  SLOTS,
  slotMarker,
  slotPropsIncompatibility,
  type LiveContribution,
  type SlotName,
  type SlotProps,
  type SlotRequest,
} from '@steel/contract/slots';
import { useShell } from '@steel/shared/remote-core';
import {
  CONTRIBUTION_ATTRIBUTE,
  CONTRIBUTION_SSR_ATTRIBUTE,
  type MountedContribution,
  type SlotModule,
} from './slot-host';

/**
 * On the server, the slots a render met: each `<Slot>` leaves a marker in the HTML, and the app
 * server's render worker puts the contributions there (`deploy/server`, rendering/slot-contributions.ts).
 */
export const ServerSlots = createContext<SlotRequest[] | null>(null);

const useClientLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;
let clientRoots = 0;
const NONE: readonly LiveContribution[] = [];
const NEVER_CHANGES = () => undefined;

/**
 * A named place in this app's page where other live apps show components of their own
 * (docs/architecture.md, "Extension slots"). Its element is opaque to the host's React, like an
 * app's container in the shell: on the server it carries the contributions' markup (filled in by
 * the render worker), in the browser each contribution runs in its own React root, so one that
 * throws, fails to load or to hydrate leaves the host's page as it is — without it — and is
 * reported as its own app's failure. `props` must be plain data (the server hands it to the
 * contributor's server entry).
 */
export function Slot<S extends SlotName>({
  name,
  props,
  className,
}: {
  name: S;
  props: SlotProps[S];
  className?: string;
}) {
  const serverSlots = useContext(ServerSlots);
  const context = useShell();
  const element = useRef<HTMLDivElement>(null);
  const mounted = useRef(new Map<string, MountedContribution>());
  const latestProps = useRef<SlotProps[S]>(props);
  const propsKey = JSON.stringify(props);
  const host = context.slots;
  const subscribe = useCallback((listener: () => void) => host?.subscribe?.(listener) ?? NEVER_CHANGES, [host]);
  // The live contributions: a registry fetched after the page loaded may bring some. Compared as
  // text, so a host that builds a new list at every call does not render this again and again.
  const liveText = useSyncExternalStore(
    subscribe,
    () => JSON.stringify(host?.contributions(name) ?? NONE),
    () => '[]',
  );
  const live = useMemo(() => JSON.parse(liveText) as LiveContribution[], [liveText]);

  let markup = '';
  if (serverSlots) {
    markup = slotMarker(serverSlots.length);
    serverSlots.push({ marker: markup, slot: name, version: SLOTS[name].props, props });
  }

  // The props a contribution mounted later (its code still loading) starts with.
  useClientLayoutEffect(() => {
    latestProps.current = props;
  });

  // Mount each live contribution into an element of its own, hydrating the server's markup when there is.
  useClientLayoutEffect(() => {
    const slotElement = element.current;
    if (!host || !slotElement) return;
    let cancelled = false;
    const contributions = mounted.current;
    const elements: HTMLElement[] = [];
    for (const { app, props: contributed } of live) {
      const problem = slotPropsIncompatibility(name, SLOTS[name].props, contributed);
      const own =
        slotElement.querySelector<HTMLElement>(`:scope > [${CONTRIBUTION_ATTRIBUTE}="${app}"]`) ??
        slotElement.appendChild(document.createElement('div'));
      elements.push(own);
      own.setAttribute(CONTRIBUTION_ATTRIBUTE, app);
      // The contributor's stylesheet is scoped to its app's elements (@steel/build's scope-remote-css).
      own.setAttribute('data-app', app);
      if (problem) {
        own.replaceChildren();
        host.report(app, name, new Error(`not shown: ${problem}`));
        continue;
      }
      const serverPrefix = own.getAttribute(CONTRIBUTION_SSR_ATTRIBUTE);
      own.removeAttribute(CONTRIBUTION_SSR_ATTRIBUTE);
      const hydrate = Boolean(serverPrefix && own.firstChild);
      host
        .load(app)
        .then((module: SlotModule) => {
          const mount = module[name];
          if (cancelled) return;
          if (!mount) throw new Error(`${app}'s ./slots module has no contribution to ${name}`);
          const contributorContext = {
            ...context,
            reportFailure: (_kind: string, error: unknown) => host.report(app, name, error),
          };
          contributions.set(
            app,
            mount(own, latestProps.current, {
              context: contributorContext,
              hydrate,
              identifierPrefix: serverPrefix ?? `${app}-slot-c${(clientRoots += 1)}-`,
            }),
          );
        })
        .catch((error: unknown) => {
          // Its markup goes with it: a contribution that cannot run must not look as if it did.
          own.replaceChildren();
          host.report(app, name, error);
        });
    }
    return () => {
      cancelled = true;
      for (const contribution of contributions.values()) contribution.unmount();
      contributions.clear();
      // A root's unmount comes after this commit: its element goes now, so a contribution mounted
      // again at once (new live contributions, a development double effect) gets an element of its own.
      for (const own of elements) own.remove();
    };
  }, [context, host, live, name]);

  // New props (another product after a client navigation) reach the contributions already mounted.
  useEffect(() => {
    for (const contribution of mounted.current.values()) contribution.update(latestProps.current);
  }, [propsKey]);

  return (
    <div
      ref={element}
      data-slot={name}
      className={className}
      dangerouslySetInnerHTML={{ __html: markup }}
      suppressHydrationWarning
    />
  );
}
