import type { ReactNode } from 'react';

/**
 * A table's column headings, each a `scope="col"` cell: one way for every list of lines the
 * customer reads (a basket, an order, a quote, their alerts). `shaded` gives the head a band of its
 * own (a table in a bordered box); `compact` the tighter cells of a table inside a card.
 */
export function ColumnHeads({
  columns,
  shaded = false,
  compact = false,
  className = '',
}: {
  columns: readonly ReactNode[];
  shaded?: boolean;
  compact?: boolean;
  /** More classes for the head (`max-md:sr-only` for a table whose rows are cards on a phone). */
  className?: string;
}) {
  return (
    <thead
      className={`${
        shaded
          ? 'bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
          : 'text-slate-600 dark:text-slate-300'
      } ${className}`}
    >
      <tr>
        {columns.map((column, index) => (
          <th key={index} scope="col" className={`${compact ? 'p-2' : 'p-3'} text-start`}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
