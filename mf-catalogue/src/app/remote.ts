/**
 * The catalogue remote as it describes itself, once: its browser entry (lifecycles.tsx) and its server
 * entry (server.tsx) both read this (docs/architecture.md, "Contracts between apps").
 */
import { describeRemote } from '@steel/shared';
import packageJson from '../../package.json';
import { CatalogueRoot } from './catalogue-root';
import { cataloguePages } from './page-definitions';

export const remote = describeRemote(packageJson, {
  // In a chunk of its own: a server-rendered page has the stylesheet in its head already.
  css: () => import(/* webpackChunkName: "styles" */ './styles.css'),
  Root: CatalogueRoot,
  pages: cataloguePages,
});
