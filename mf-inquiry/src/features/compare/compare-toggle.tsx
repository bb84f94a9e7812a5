import { Columns3 } from 'lucide-react';
import { Link, formatNumber, useHydrated, useShell } from '@steel/shared';
import type { SlotProps } from '@steel/contract';
import { MAX_COMPARED, compareHref, comparedOf, toggleCompared } from './compare-list';
import { useCompared } from './use-compared';

const toggleClass =
  'inline-flex items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';
const off =
  'border-slate-300 text-slate-700 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';
const on = 'border-primary-600 bg-primary-50 text-primary-800 dark:bg-slate-800 dark:text-primary-300';
const linkText = 'text-sm text-primary-700 underline underline-offset-2 dark:text-primary-300';

/**
 * «مقایسه» on a listing row: picks the product for the compare page (pressed = picked). A product
 * of another sub-category than those picked, or a fifth, is refused with a toast that says why. A
 * picked row links to the comparison once there are two to compare.
 */
export function CompareToggle({ product }: SlotProps['listing.row']) {
  const { bus } = useShell();
  const compared = useCompared();
  // Server-rendered in the listing: pressable once its code runs, never a press that does nothing.
  const hydrated = useHydrated();
  const picked = compared.some((item) => item.slug === product.slug);
  const toggle = () => {
    const decision = toggleCompared(comparedOf(product));
    if (decision.kind === 'added' || decision.kind === 'removed') return;
    bus.emit('toast:add', {
      title: 'به مقایسه افزوده نشد',
      description:
        decision.kind === 'full'
          ? `حداکثر ${formatNumber(MAX_COMPARED)} محصول را می‌توان کنار هم مقایسه کرد؛ یکی را از مقایسه بردارید.`
          : 'فقط محصولات یک زیردسته را می‌توان با هم مقایسه کرد؛ ابتدا محصولات دیگر را از مقایسه بردارید.',
      color: 'error',
      actions: [{ label: 'دیدن مقایسه', href: compareHref(decision.list.map((item) => item.slug)) }],
    });
  };
  return (
    <>
      <button
        type="button"
        className={`${toggleClass} ${picked ? on : off}`}
        aria-pressed={picked}
        aria-label={`مقایسهٔ «${product.name}»`}
        onClick={toggle}
        disabled={!hydrated}
      >
        <Columns3 aria-hidden="true" className="size-4" />
        مقایسه
      </button>
      {picked && compared.length >= 2 && (
        <Link to={compareHref(compared.map((item) => item.slug))} className={`${linkText} self-center`}>
          دیدن مقایسهٔ {formatNumber(compared.length)} محصول
        </Link>
      )}
    </>
  );
}

/** The header's link to the comparison: how many are picked. Nothing until one is. */
export function CompareCounter() {
  const compared = useCompared();
  if (compared.length === 0) return null;
  return (
    <Link
      to={compareHref(compared.map((item) => item.slug))}
      className="relative inline-flex size-11 items-center justify-center rounded-md text-primary-700 hover:bg-primary-50 dark:text-primary-300 dark:hover:bg-slate-800"
      aria-label={`مقایسهٔ محصولات، ${formatNumber(compared.length)} محصول`}
      data-compare-count={compared.length}
    >
      <Columns3 aria-hidden="true" className="size-5" />
      <span
        aria-hidden="true"
        className="absolute -top-0.5 -end-0.5 min-w-5 rounded-full bg-primary-700 px-1 text-center text-xs font-bold text-white"
      >
        {formatNumber(compared.length)}
      </span>
    </Link>
  );
}
