import { useState } from 'react';
import { secondaryButton } from '@steel/shared';
import { CSV_TYPE, XLSX_TYPE, saveFile, tableCsv, tableXlsx, type ExportColumn } from './table-export';

/**
 * «دانلود CSV» and «دانلود Excel» of the rows a table shows. The workbook's writer loads on the
 * first click (progress said while it does); a failure says so and the table stays as it was.
 */
export function TableDownloads<Row>({
  columns,
  rows,
  fileName,
  sheetName,
  label,
}: {
  columns: readonly ExportColumn<Row>[];
  rows: readonly Row[];
  /** Without extension: `price-table-rebar-kalaf`. */
  fileName: string;
  sheetName: string;
  /** What the group of buttons downloads, for screen readers: «دانلود جدول قیمت». */
  label: string;
}) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const downloadXlsx = async () => {
    setState('busy');
    try {
      saveFile(await tableXlsx(columns, rows, sheetName), XLSX_TYPE, `${fileName}.xlsx`);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-center gap-2 print:hidden"
      data-table-downloads
    >
      <button
        type="button"
        className={`${secondaryButton} min-h-11 text-sm`}
        onClick={() => saveFile(tableCsv(columns, rows), CSV_TYPE, `${fileName}.csv`)}
      >
        دانلود CSV
      </button>
      <button
        type="button"
        className={`${secondaryButton} min-h-11 text-sm`}
        disabled={state === 'busy'}
        onClick={() => void downloadXlsx()}
      >
        دانلود Excel
      </button>
      <span role="status" aria-live="polite" className="text-sm text-slate-600 dark:text-slate-300">
        {state === 'busy' && 'در حال ساختن فایل Excel…'}
        {state === 'failed' && (
          <span className="text-error-700 dark:text-red-300">ساختن فایل Excel انجام نشد؛ دوباره امتحان کنید.</span>
        )}
      </span>
    </div>
  );
}
