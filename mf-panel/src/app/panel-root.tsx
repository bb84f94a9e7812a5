import { Route } from 'react-router';
import { PageRoutes } from '@steel/shared';
import { CustomerOnly } from '../features/auth/customer-only';
import { browserPages, signInPages } from './pages';

/** `/login/**` (default layout) and `/panel/**` (the shell's auth layout frames it). */
export function PanelRoot() {
  return (
    <div data-app="panel" className="w-full px-4 py-6">
      <PageRoutes pages={signInPages}>
        {browserPages.map(({ path, Page, guards }) => (
          <Route key={path} path={path} element={guards?.includes('auth') ? <CustomerOnly><Page /></CustomerOnly> : <Page />} />
        ))}
      </PageRoutes>
    </div>
  );
}
