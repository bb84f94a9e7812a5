import { Route, Routes } from 'react-router';
import { HomePage } from '../features/home/home-page';
import { CatalogueTreePage } from '../features/category/catalogue-tree-page';
import { ProductBySlugPage } from '../features/product/product-by-slug-page';
import { STATIC_PAGES, StaticPage } from '../features/pages/static-page';
import { CATEGORY_SLUGS } from './owned-paths';

/**
 * The catalogue's own routes. The shell only mounts this app for paths it owns; while the URL
 * moves to another app's path (before single-spa unmounts it) every other path renders nothing.
 */
export function CatalogueRoot() {
  return (
    <div data-app="catalogue" className="mx-auto w-full max-w-7xl px-4 py-6">
      <Routes>
        <Route index element={<HomePage />} />
        {CATEGORY_SLUGS.map((slug) => (
          <Route key={slug} path={`/${slug}/*`} element={<CatalogueTreePage categorySlug={slug} />} />
        ))}
        <Route path="/product/:slug" element={<ProductBySlugPage />} />
        {STATIC_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={<StaticPage page={page} />} />
        ))}
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
