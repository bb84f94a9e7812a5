/**
 * What every remote's pages run: the page routes and their data, head tags, the shell context,
 * links, pagination, breadcrumbs, formatters and API errors.
 * See docs/architecture.md, "Contracts between apps".
 * A remote's browser build shares this module with the other remotes of a page built from the
 * same kit code (mf-build/src/shared-dependencies.ts), so a visit that crosses remotes downloads
 * it once instead of once per remote.
 *
 * Shared, it is one module instance per page: its React context and its lists of page-data waits
 * are the same object for every remote that takes it. A kit module outside it imports it by this
 * name, never by a relative path, or a remote would hold a second copy of a piece of it (a second
 * context no provider fills); `remote-core.test.ts` walks the kit to keep it so.
 */
export * from '../api/api-error';
export * from '../format/format';
export * from '../images/image-widths';
export * from '../navigation/prefetch-rules';
export * from '../page-data/head-tags';
export * from '../page-data/lazy-page';
export * from '../page-data/page-data-boundary';
export * from '../page-data/page-data-load';
export * from '../page-data/page-data-waits';
export * from '../page-data/page-definition';
export * from '../page-data/page-routes';
export * from '../remote/remote-description';
export * from '../remote/remote-lifecycles';
export * from '../remote/remote-providers';
export * from '../remote/server-markup';
export * from '../runtime/load-once';
export * from '../runtime/preloadable-component';
export * from '../runtime/with-time-limit';
export * from '../ui/breadcrumb';
export * from '../ui/link';
export * from '../ui/once-visible';
export * from '../ui/page-header';
export * from '../ui/pagination';
export * from '../ui/report-not-found';
export * from '../ui/retry-button';
export * from '../ui/shell-context';
export * from '../ui/still-loading-notice';
export * from '../ui/use-hydrated';
export * from '../ui/use-link-prefetch';
