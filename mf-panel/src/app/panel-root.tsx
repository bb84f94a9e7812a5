import { PageRoutes } from '@steel/shared';
import { panelPages } from './page-definitions';

/** `/login/**` (default layout) and `/panel/**` (the shell's auth layout frames it). */
export function PanelRoot() {
  return (
    <div data-app="panel" className="w-full px-4 py-6">
      <PageRoutes pages={panelPages} />
    </div>
  );
}
