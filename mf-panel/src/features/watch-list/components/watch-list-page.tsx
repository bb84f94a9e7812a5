import { useEffect, useRef } from 'react';
import { useSearchParams } from '@steel/shared/router';
import { PANEL_LINK_PARAMS, panelLinks } from '@steel/contract';
import {
  apiErrorMessage,
  formatPersianDate,
  formatToman,
  Link,
  PageHeader,
  priceChangeBetween,
  PriceChangeIndicator,
  useSingleFlight,
  EmptyBlock,
  LoadingBlock,
  QueryState,
  card,
  dangerButton,
  linkText,
  secondaryButton,
} from '@steel/shared';
import { FormAlert } from '@steel/shared/forms';
import {
  useAddToWatchList,
  useRemoveFromWatchList,
  useWatchList,
  type WatchListEntry,
} from '../../../entities/watch-list/watch-list-queries';
import { ApproximatePricesNote } from '../../../ui/approximate-prices-note';

/**
 * `/panel/product` («محصولات من»): watched products with their current price and the change
 * since they were added; `?add=<slug>` (the catalogue's button) adds one first.
 */
export function WatchListPage() {
  const query = useWatchList();
  return (
    <section>
      <PageHeader title="محصولات من" breadcrumb={[{ label: 'پنل کاربری', to: '/panel' }, { label: 'محصولات من' }]} />
      <AddFromLink />
      <QueryState query={query}>
        {(entries) =>
          entries.length === 0 ? (
            <EmptyBlock>
              هنوز محصولی به این فهرست نیفزوده‌اید. از صفحه هر محصول می‌توانید آن را به «محصولات من» بیفزایید.
            </EmptyBlock>
          ) : (
            <>
              <ul aria-label="محصولات من" className="flex flex-col gap-3">
                {entries.map((entry) => (
                  <WatchListItem key={entry.documentId} entry={entry} />
                ))}
              </ul>
              <ApproximatePricesNote className="mt-3" />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

/** Runs the `?add=` once per slug, then drops it from the URL so a reload does not repeat it. */
function AddFromLink() {
  const [searchParams, setSearchParams] = useSearchParams();
  const slug = searchParams.get(PANEL_LINK_PARAMS.watchProduct);
  const add = useAddToWatchList();
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (!slug || started.current === slug) return;
    started.current = slug;
    add.mutate(slug, {
      onSettled: () => {
        const next = new URLSearchParams(searchParams);
        next.delete(PANEL_LINK_PARAMS.watchProduct);
        setSearchParams(next, { replace: true });
      },
    });
  }, [slug, add, searchParams, setSearchParams]);

  if (add.isPending) return <LoadingBlock label="در حال افزودن محصول…" />;
  if (add.isError) return <FormAlert message={apiErrorMessage(add.error)} />;
  if (!add.data) return null;
  const text = add.data.added
    ? `«${add.data.product.name}» به محصولات من افزوده شد.`
    : add.data.reason === 'present'
      ? `«${add.data.product.name}» از قبل در محصولات من هست.`
      : 'محصول انتخاب‌شده یافت نشد.';
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-primary-300 bg-primary-50 px-3 py-2 text-sm text-primary-800 dark:border-primary-700 dark:bg-primary-950 dark:text-primary-200"
    >
      {text}
    </p>
  );
}

function WatchListItem({ entry }: { entry: WatchListEntry }) {
  const remove = useRemoveFromWatchList();
  const once = useSingleFlight();
  const product = entry.product;
  const change = priceChangeBetween(entry.added_price, product?.price);
  const name = product?.name ?? 'محصول حذف‌شده';
  return (
    <li className={`${card} flex flex-col gap-3`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          {product ? (
            <Link to={`/product/${product.slug}`} className={`${linkText} font-semibold`}>
              {name}
            </Link>
          ) : (
            <span className="font-semibold">{name}</span>
          )}
          <span className="text-xs text-slate-600 dark:text-slate-400">
            افزوده‌شده در {formatPersianDate(entry.createdAt)}
          </span>
        </div>
        <div className="flex flex-col items-end gap-1 text-sm">
          <span>
            قیمت هر کیلوگرم: <strong>{product?.price ? formatToman(product.price) : 'تماس بگیرید'}</strong>
          </span>
          {change && <PriceChangeIndicator change={change} since="از زمان افزودن" withAmount sinceVisible />}
        </div>
      </div>
      <FormAlert message={remove.isError ? apiErrorMessage(remove.error) : null} />
      <div className="flex flex-wrap gap-2">
        {product && (
          <Link to={panelLinks.orderProduct(product.slug)} className={secondaryButton}>
            ثبت سفارش
          </Link>
        )}
        <button
          type="button"
          className={dangerButton}
          disabled={remove.isPending}
          aria-label={`حذف ${name} از محصولات من`}
          onClick={() => void once(() => remove.mutateAsync(entry.documentId))}
        >
          {remove.isPending ? 'در حال حذف…' : 'حذف'}
        </button>
      </div>
    </li>
  );
}
