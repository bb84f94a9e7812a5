import { Link, TextField, toLatinDigits, toPersianDigits } from '@steel/shared';
import type { WeightSection, WeightTable } from './weight-sections';

/** weights.md's cell text with Persian digits and decimal separator: `0.222` → «۰٫۲۲۲». */
export const persianCell = (cell: string) => toPersianDigits(cell.replace(/(\d)\.(\d)/g, '$1٫$2'));

/** A size typed with either digits and `x` or `×` matches a row's designation («۲۰» finds `IPE 200`, `20×20×3`). */
const normalizeSize = (text: string) =>
  toLatinDigits(text).toLowerCase().replace(/[x*]/g, '×').replace(/٫/g, '.').replace(/\s+/g, '');
export function rowMatchesSize(row: string[], size: string): boolean {
  const wanted = normalizeSize(size);
  return !wanted || normalizeSize(row[0] ?? '').includes(wanted);
}

/** The section tabs: each a link to `?section=<id>`, so every section has its own address. */
export function SectionTabs({ sections, current }: { sections: WeightSection[]; current: WeightSection }) {
  return (
    <nav aria-label="بخش‌های جدول وزن" className="mb-4 overflow-x-auto">
      <ul className="flex gap-2 pb-1 text-sm">
        {sections.map((section) => (
          <li key={section.id} className="shrink-0">
            <Link
              to={`/weight_table?section=${section.id}`}
              aria-current={section.id === current.id ? 'page' : undefined}
              className={`block rounded-full border px-3 py-1.5 ${
                section.id === current.id
                  ? 'border-primary-700 bg-primary-700 text-white dark:border-primary-400 dark:bg-primary-500 dark:text-slate-950'
                  : 'border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800'
              }`}
            >
              {section.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SizeFilter({ size, onSizeChange }: { size: string; onSizeChange: (size: string) => void }) {
  return (
    <div className="mb-4 max-w-xs">
      <TextField
        label="جستجوی سایز"
        type="search"
        inputMode="text"
        placeholder="مثلاً ۲۰ یا ۵۰×۵۰"
        value={size}
        onValueChange={onSizeChange}
      />
    </div>
  );
}

/** One weights.md table with Persian headings and digits; wide tables scroll inside their own box. */
export function WeightTableView({
  table,
  size,
  sectionTitle,
}: {
  table: WeightTable;
  size: string;
  sectionTitle: string;
}) {
  const shown = table.rows.map((row, index) => ({ row, index })).filter(({ row }) => rowMatchesSize(row, size));
  return (
    <figure className="mb-6">
      {table.caption && (
        <figcaption className="mb-2 font-semibold text-slate-800 dark:text-slate-100">{table.caption}</figcaption>
      )}
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="w-full text-sm" data-weight-table>
          <caption className="sr-only">{table.caption ?? `جدول وزن ${sectionTitle}`}</caption>
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              {table.columns.map((column, index) => (
                <th key={index} scope="col" className="p-2 text-start whitespace-nowrap">
                  {persianCell(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map(({ row, index }) => (
              <tr key={index} className="border-t border-slate-200 dark:border-slate-700">
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row" className="p-2 text-start font-medium whitespace-nowrap">
                      {/* `20×20×3` keeps its order inside right-to-left text */}
                      <bdi dir="ltr">{persianCell(cell)}</bdi>
                      {table.unverifiedRows.includes(index) && (
                        <span
                          title="از منابع عمومی؛ با منبع معتبر تطبیق داده نشده"
                          className="ms-1 text-amber-700 dark:text-amber-300"
                        >
                          *
                        </span>
                      )}
                    </th>
                  ) : (
                    <td key={column} className="p-2 whitespace-nowrap">
                      <bdi dir="ltr">{persianCell(cell)}</bdi>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && (
        <p className="mt-2 rounded-md bg-slate-100 p-3 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          سایزی مطابق با جستجو در این جدول نیست.
        </p>
      )}
    </figure>
  );
}
