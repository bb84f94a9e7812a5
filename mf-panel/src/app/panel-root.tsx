import { Route, Routes } from 'react-router';
import { ReportNotFound } from '@steel/shared';
import { AUTH_PAGES } from '../features/auth/auth-pages';
import { PANEL_SECTIONS } from '../features/panel/panel-sections';
import { SectionPage } from '../features/panel/section-page';

/** `/login/**` (default layout) and `/panel/**` (the shell's auth layout frames it). */
export function PanelRoot() {
  return (
    <div data-app="panel" className="w-full px-4 py-6">
      <Routes>
        {[...AUTH_PAGES, ...PANEL_SECTIONS].map((page) => (
          <Route key={page.path} path={page.path} element={<SectionPage page={page} />} />
        ))}
        {/* The shell routes all of /login/** here: an unknown sign-in page is a fatal 404. */}
        <Route path="/login/*" element={<ReportNotFound />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
