import { Component, type ReactNode } from 'react';
import { RetryButton } from '../ui/retry-button';
import { isPageDataError } from './page-data-load';

interface PageDataBoundaryProps {
  /** The page's URL: a navigation elsewhere clears the error. */
  url: string;
  /** Forgets the failed reads, so the next render asks the CMS again. */
  forgetFailure: () => void;
  children: ReactNode;
}

/**
 * A page whose data could not be loaded (docs/architecture.md, "Failure stays contained") shows an error in its place — the
 * header, footer and the rest of the site keep working — with a retry that asks again in place.
 * Any other error is not this boundary's: it goes on to the remote's boundary, as before.
 */
export class PageDataBoundary extends Component<PageDataBoundaryProps, { error: unknown; url: string }> {
  override state = { error: null as unknown, url: this.props.url };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: PageDataBoundaryProps, state: { error: unknown; url: string }) {
    return props.url === state.url ? null : { error: null, url: props.url };
  }

  override componentDidCatch(error: unknown) {
    // A failed read stays in the cache as an error that TanStack Query hands back without asking
    // again; forgotten, both the retry and a later visit to this URL read afresh.
    if (isPageDataError(error)) this.props.forgetFailure();
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- what a child threw, unchanged, for the remote's boundary
    if (!isPageDataError(error)) throw error;
    return <PageDataErrorView onRetry={this.retry} />;
  }
}

export function PageDataErrorView({ onRetry }: { onRetry: () => void }) {
  return (
    <section
      role="alert"
      data-page-data-error
      className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-16 text-center"
    >
      <h2 className="text-xl font-bold">اطلاعات این صفحه دریافت نشد</h2>
      <p className="text-slate-600 dark:text-slate-300">
        ارتباط با سرور برقرار نشد یا پاسخ آن بیش از حد طول کشید. چند لحظه دیگر دوباره تلاش کنید؛ بخش‌های دیگر سایت در
        دسترس هستند.
      </p>
      <RetryButton onRetry={onRetry} />
    </section>
  );
}
