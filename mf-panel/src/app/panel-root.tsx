import { Suspense } from 'react';
import { Route } from '@steel/shared/router';
import { PageLoading, PageRoutes } from '@steel/shared';
import { CustomerOnly } from '../features/auth/customer-only';
import { browserPages, signInPages } from './page-definitions';

/** `/login/**` (default layout) and `/panel/**` (the shell's auth layout frames it). */
export function PanelRoot() {
  return (
    <div data-app="panel" className="w-full px-4 py-6">
      <PageRoutes pages={signInPages}>
        {browserPages.map(({ path, Page, guards }) => (
          <Route
            key={path}
            path={path}
            // The site's route rule is case-sensitive (`PageRoutes`).
            caseSensitive
            element={
              // A customer page's code loads on its first visit (page-definitions.ts): the loading state meanwhile.
              <Suspense fallback={<PageLoading />}>
                {guards?.includes('auth') ? (
                  <CustomerOnly>
                    <Page />
                  </CustomerOnly>
                ) : (
                  <Page />
                )}
              </Suspense>
            }
          />
        ))}
      </PageRoutes>
    </div>
  );
}
