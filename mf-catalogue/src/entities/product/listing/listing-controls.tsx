import { useId } from 'react';
import { formatNumber, useHydrated } from '@steel/shared';
import { attributeLabelsFa } from '../../category/category-tree';
import type { Facet } from '../listing-queries';
import { LISTING_SORTS, type ListingSort } from './listing-url';

const SORT_LABELS: Record<ListingSort | 'catalogue', string> = {
  catalogue: 'پیش‌فرض',
  'price-asc': 'ارزان‌ترین',
  'price-desc': 'گران‌ترین',
  name: 'نام محصول',
};

const valueText = (value: string) => (/^-?\d+(\.\d+)?$/.test(value) ? formatNumber(Number(value)) : value);

/**
 * Filters on every attribute of the sub-category, with the values present and their counts.
 * A GET form: before the page's script runs (or without it) «اعمال فیلترها» submits the same
 * query string the script would navigate to; with the script, each tick applies at once.
 */
export function ListingFilters({
  facets,
  selected,
  sort,
  onToggle,
  onClear,
  hasFilters,
}: {
  facets: Facet[];
  /** The ticked values (what the buyer asked for, which may run ahead of `facets` while loading). */
  selected: Record<string, string[]>;
  /** Kept by the script-less submit, which sends only the form's own fields. */
  sort: ListingSort | null;
  onToggle: (attribute: string, value: string) => void;
  onClear: () => void;
  hasFilters: boolean;
}) {
  return (
    <form
      method="get"
      aria-label="فیلتر محصولات"
      className="flex flex-col gap-4"
      onSubmit={(event) => event.preventDefault()}
    >
      {facets.map((facet) => (
        <fieldset key={facet.attribute} className="min-w-0">
          <legend className="mb-1 text-sm font-semibold">
            {attributeLabelsFa[facet.attribute] ?? facet.attribute}
          </legend>
          <ul className="flex flex-col">
            {facet.values.map(({ value, count }) => (
              <li key={value}>
                <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm md:min-h-8">
                  <input
                    type="checkbox"
                    name={facet.attribute}
                    value={value}
                    checked={selected[facet.attribute]?.includes(value) ?? false}
                    onChange={() => onToggle(facet.attribute, value)}
                    className="size-4 accent-primary-700"
                  />
                  <bdi className="min-w-0 break-words">{valueText(value)}</bdi>
                  <span
                    className="ms-auto text-xs text-slate-500 dark:text-slate-400"
                    aria-label={`${formatNumber(count)} محصول`}
                  >
                    ({formatNumber(count)})
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      {sort && <input type="hidden" name="sort" value={sort} />}
      <noscript>
        <button type="submit" className="rounded-md bg-primary-700 px-4 py-2 text-white">
          اعمال فیلترها
        </button>
      </noscript>
      {hasFilters && (
        <button
          type="button"
          onClick={onClear}
          className="min-h-11 self-start rounded-md border border-slate-300 px-3 text-sm dark:border-slate-600"
        >
          حذف همه فیلترها
        </button>
      )}
    </form>
  );
}

export function SortSelect({
  sort,
  onChange,
}: {
  sort: ListingSort | null;
  onChange: (sort: ListingSort | null) => void;
}) {
  const id = useId();
  // Disabled in the served HTML until the page is hydrated: a choice made before would be undone
  // by the hydration (the select is the script's alone; it is not part of the filters' GET form).
  const hydrated = useHydrated();
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>مرتب‌سازی:</label>
      <select
        id={id}
        disabled={!hydrated}
        value={sort ?? 'catalogue'}
        onChange={(event) => onChange(event.target.value === 'catalogue' ? null : (event.target.value as ListingSort))}
        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900 md:min-h-9"
      >
        {(['catalogue', ...LISTING_SORTS] as const).map((key) => (
          <option key={key} value={key}>
            {SORT_LABELS[key]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What a listing or price table shows when its filters leave no product. */
export function EmptyListing() {
  return (
    <p className="rounded-md bg-slate-100 p-4 text-slate-700 dark:bg-slate-800 dark:text-slate-200" data-empty-listing>
      داده‌ای مطابق با جستجو یافت نشد
    </p>
  );
}
