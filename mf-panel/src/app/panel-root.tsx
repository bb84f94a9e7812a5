import { Route, Routes } from 'react-router';
import { CustomerOnly } from '../features/auth/customer-only';
import { panelPages } from './pages';

/** `/login/**` (default layout) and `/panel/**` (the shell's auth layout frames it). */
export function PanelRoot() {
  return (
    <div data-app="panel" className="w-full px-4 py-6">
      <Routes>
        {panelPages.map(({ path, Page, guards }) => (
          <Route key={path} path={path} element={guards?.includes('auth') ? <CustomerOnly><Page /></CustomerOnly> : <Page />} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
