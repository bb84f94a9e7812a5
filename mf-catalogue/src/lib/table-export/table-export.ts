/**
 * A table as a file a buyer downloads: CSV or XLSX of exactly the rows and columns on screen,
 * Persian headers, numbers as numbers (a spreadsheet sums them). The XLSX is written by `exceljs`
 * (maintained, unlike npm's `xlsx` 0.18), loaded only when asked for: it is large, and a table
 * page must not wait for it.
 */

/** A cell of an exported table: a number stays a number, anything else is text; null is empty. */
export type ExportCell = string | number | null;

export interface ExportColumn<Row> {
  header: string;
  value: (row: Row) => ExportCell;
  /** Column width in characters (XLSX). */
  width?: number;
}

/** A text cell quoted when it must be (a comma, a quote, a line break), doubled quotes inside. */
const csvCell = (cell: ExportCell) => {
  if (cell === null) return '';
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/**
 * RFC 4180 CSV with a UTF-8 byte-order mark: without it Excel reads the Persian as Windows-1256
 * mojibake. Lines end in CRLF, as Excel writes them.
 */
export function tableCsv<Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header))];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))));
  return `\uFEFF${lines.map((cells) => cells.join(',')).join('\r\n')}\r\n`;
}

/** An XLSX workbook of one right-to-left sheet: a bold header row, frozen, then the rows. */
export async function tableXlsx<Row>(
  columns: readonly ExportColumn<Row>[],
  rows: readonly Row[],
  sheetName: string,
): Promise<ArrayBuffer> {
  const { Workbook } = await import(/* webpackChunkName: "exceljs" */ 'exceljs');
  const workbook = new Workbook();
  // Excel's sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31), {
    views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  return workbook.xlsx.writeBuffer();
}

export const CSV_TYPE = 'text/csv;charset=utf-8';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hands the browser a file to save under `fileName`. */
export function saveFile(contents: BlobPart, type: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the URL is freed on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
