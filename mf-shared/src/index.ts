export { readRuntimeConfig } from './runtime/read-runtime-config';
export * from './contracts/shell-context';
export * from './bus/create-bus';
export * from './session/session-store';
export * from './session/session-refresh';
export * from './session/fresh-session';
export * from './api/content-client';
export * from './api/record-by-slug';
export * from './api/app-fetch';
export * from './api/auth';
export * from './api/api-error-message';
export * from './customer/customer-requests';
export * from './contact/sales-contact';
export * from './format/shorten-text';
export * from './price/price-change';
export { dailyChange, type DailyChange } from './price/daily-change.cjs';
export * from './price/sale-unit-price';
export { parseTypedNumber, readTypedNumber, persianFigure } from './numbers/typed-number.cjs';
export type { NumberRule, NumberReading, TypedNumberProblem } from './numbers/typed-number.cjs';
export {
  ALERT_THRESHOLD_TOMAN,
  CREDIT_AMOUNT_RIAL,
  ORDER_QUANTITY,
  SHIPPING_TONNES,
  WAREHOUSE_DAYS,
  WAREHOUSE_TONNES,
} from './numbers/field-rules.cjs';
export {
  INQUIRY_MAX_KG,
  LINE_MAX_KG,
  LINE_MAX_UNITS,
  inquiryWeight,
  lineQuantityRule,
  readLineQuantity,
} from './price/quantity-limits.cjs';
export { quotedLineTotal, quoteTotals } from './price/quote-totals.cjs';
export { findRoute, routeTiers, shippingPrice } from './price/shipping-price.cjs';
export type { ShippingPrice, ShippingRoute, ShippingTier } from './price/shipping-price.cjs';
export type { QuoteTotals } from './price/quote-totals.cjs';
export * from './ui/price-change-indicator';
export * from './ui/use-session-user';
export * from './ui/hydrate-when-needed';
export * from './navigation/safe-redirect';
export * from './navigation/login-url';
export * from './navigation/page-query';
export * from './remote/create-remote-lifecycles';
export * from './runtime/reload-app';
export * from './runtime/chunk-load-guard';
export * from './runtime/retry-past-cache';
export * from './runtime/yield-to-main';
export * from './ui/toast-queue';
export * from './ui/dictionary';
export * from './ui/tooltip';
export * from './slots';
export * from './ui/progress';
export * from './ui/account-styles';
export * from './ui/status-badge';
export * from './ui/status-vocabulary';
export * from './ui/use-page-loading';
export * from './ui/query-state';
export * from './ui/confirm-action';
export * from './ui/column-heads';
export * from './ui/table-scroller';
export * from './ui/use-single-flight';
export * from './colour-mode';
export * from './consent';
export * from './ui/text-field';
export * from './ui/number-field';
export { useTypedBeforeHydration } from './ui/typed-before-hydration';
export * from './ui/quote-totals-list';
export * from './search/site-search';
export { useLimitedQuery } from './page-data/use-limited-query';
export * from './ui/markdown';
export * from './ui/responsive-image';
export * from './catalogue/site-paths';
// What every remote's pages run comes from its own entry, which the remotes share (remote-core/index.ts).
// By name, not `export *`: webpack then knows each name's module statically, so the shell, which
// does not share the core, still takes only the names it uses.
export {
  comparePersian,
  formatNumber,
  formatPersianDate,
  formatPersianDateTime,
  formatPersianDayMonth,
  formatRial,
  formatToman,
  rialToToman,
  toLatinDigits,
  toPersianDigits,
  todayInTehran,
  PageLoading,
  PageRoutes,
  pageRouteElements,
  applyHead,
  breadcrumbJsonLd,
  documentTitle,
  headTags,
  headTagsHtml,
  RemoteProviders,
  describeRemote,
  Pagination,
  pageWindow,
  Link,
  LoadTimeoutError,
  isLoadTimeoutError,
  withTimeLimit,
  Breadcrumb,
  IDLE_FALLBACK_DELAY_MS,
  currentConnection,
  isConstrainedConnection,
  isExternalHref,
  mayPrefetch,
  onIdle,
  IMAGE_BREAKPOINTS,
  IMAGE_DENSITIES,
  IMAGE_ROUTE,
  IMAGE_WIDTHS,
  imageSources,
  imageUrl,
  imageWidthFor,
  isUploadPath,
  RetryButton,
  onceVisible,
  lazyPage,
  preloadPage,
  REMOTE_REGISTRY_ELEMENT_ID,
  SHELL_STATE_ELEMENT_ID,
  SSR_URL_ATTRIBUTE,
  clearServerMarkup,
  hasServerMarkupFor,
  identifierPrefix,
  queryStateElementId,
  takeEmbeddedJson,
  ShellContextProvider,
  useShell,
  isServerRendered,
  matchPage,
  queryCollection,
  queryCollections,
  toPageRoute,
  ReportNotFound,
  PageHeader,
  useHydrated,
} from '@steel/shared/remote-core';
export type * from '@steel/shared/remote-core';
