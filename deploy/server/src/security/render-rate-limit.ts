/**
 * Fresh server renders a client may cause: each costs CMS reads and a worker, while a cached page
 * costs nothing, so a client asking for page after uncached page (the attack run did 2,000) is
 * slowed down here — 429 with Retry-After and a Persian page — before it starves everyone else.
 * Counted per client address (behind a trusted proxy, the forwarded one) in the shared state, so
 * a client spreading its requests over several app servers has one limit, not one per server.
 */
import { staticErrorPage } from '../rendering/static-error-page';
import type { SharedState } from '../shared-state/shared-state';

export const TOO_MANY_RENDERS_PAGE = staticErrorPage({
  title: 'درخواست‌های زیاد',
  heading: 'خطا ۴۲۹',
  message: 'تعداد درخواست‌های شما بیش از حد مجاز است؛ لطفاً کمی بعد دوباره تلاش کنید.',
});

const WINDOW_MS = 60_000;

/**
 * `perMinute` null: no limit (the test suites render hundreds of pages a minute from one address).
 * `kind` keeps another costly answer's count apart (a page printed to PDF: site/print/).
 */
export function createRenderRateLimit(perMinute: number | null, counter: Pick<SharedState, 'hit'>, kind = 'renders') {
  return {
    /** Takes one render from the client's renders this minute; false when they are used up. */
    async take(client: string): Promise<boolean> {
      if (perMinute === null) return true;
      return (await counter.hit(`${kind}:${client}`, WINDOW_MS)) <= perMinute;
    },
    retryAfterSeconds: Math.ceil(WINDOW_MS / 1000),
  };
}
