/**
 * Which pages `/_/print.pdf` may print (docs/architecture.md, "Printing a page to PDF"): those a
 * live app declares `printable` on its routes, each with the CMS read that answers only to the
 * customer who owns what the page shows. The app server matches the asked path against these, never
 * against a list of what not to print, and asks the owner read with the caller's session before a
 * browser opens anything.
 */
import { matchRoute } from './route-rule';
import { findPageRoute } from './app-manifest';
import type { RemotePages } from './server-render';

export interface PrintablePage {
  app: string;
  /** The page's path pattern (`/inquiry/requests/:id/proforma`). */
  path: string;
  /** The owner read with the path's parameters filled in (`/inquiries/abc`), under the CMS's API. */
  owner: string;
}

/**
 * The printable page the path is, by the site's route rule, with its owner read; null when it is
 * none — or when the app that declares it is not the one whose page the path is (an app prints
 * only its own pages).
 */
export function findPrintablePage(pages: RemotePages, pathname: string): PrintablePage | null {
  const declared = Object.entries(pages).flatMap(([app, routes]) =>
    (routes ?? []).flatMap((route) => (route.printable ?? []).map((printable) => ({ app, ...printable }))),
  );
  const match = matchRoute(declared, (candidate) => candidate.path, pathname);
  if (!match) return null;
  const { app, path, owner } = match.candidate;
  if (findPageRoute(pages, pathname)?.app !== app) return null;
  const filled = owner.replace(/:([a-zA-Z0-9]+)/g, (_, name: string) => encodeURIComponent(match.params[name] ?? ''));
  return { app, path, owner: filled };
}
