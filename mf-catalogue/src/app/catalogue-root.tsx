import { PageRoutes } from '@steel/shared';
import { cataloguePages } from './page-definitions';

/**
 * The catalogue's own pages. The shell only mounts this app for paths it owns; while the URL
 * moves to another app's path (before single-spa unmounts it) every other path renders nothing.
 */
export function CatalogueRoot() {
  return (
    <div data-app="catalogue" className="mx-auto w-full max-w-7xl px-4 py-6">
      <PageRoutes pages={cataloguePages} />
    </div>
  );
}
