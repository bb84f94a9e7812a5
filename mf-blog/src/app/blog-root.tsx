import { Route, Routes } from 'react-router';
import { ArticleListPage } from '../features/articles/article-list-page';
import { ArticlePage } from '../features/articles/article-page';

/** `/blog` and `/blog/{slug}`; any other path renders nothing (the shell is about to unmount us). */
export function BlogRoot() {
  return (
    <div data-app="blog" className="mx-auto w-full max-w-5xl px-4 py-6">
      <Routes>
        <Route path="/blog" element={<ArticleListPage />} />
        <Route path="/blog/:slug" element={<ArticlePage />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
