import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Route, Routes } from 'react-router';
import type { ShellContext } from '@steel/shared';
import { AUTH_PAGES } from '../features/auth/auth-pages';
import { PANEL_SECTIONS } from '../features/panel/panel-sections';
import { SectionPage } from '../features/panel/section-page';

/** `/login/**` (default layout) and `/panel/**` (the shell's auth layout frames it). */
export function PanelRoot({ context }: { context: ShellContext }) {
  return (
    <QueryClientProvider client={context.queryClient}>
      <BrowserRouter>
        <div data-app="panel" className="w-full px-4 py-6">
          <Routes>
            {[...AUTH_PAGES, ...PANEL_SECTIONS].map((page) => (
              <Route key={page.path} path={page.path} element={<SectionPage page={page} />} />
            ))}
            <Route path="*" element={null} />
          </Routes>
        </div>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
