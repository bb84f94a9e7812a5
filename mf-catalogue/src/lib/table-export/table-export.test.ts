import { Workbook } from 'exceljs';
import { tableCsv, tableXlsx, type ExportColumn } from './table-export';

interface Row {
  name: string;
  price: number | null;
}
const columns: ExportColumn<Row>[] = [
  { header: 'محصول', value: (row) => row.name },
  { header: 'قیمت (تومان)', value: (row) => row.price },
];
const rows: Row[] = [
  { name: 'میلگرد ۱۲، "A3"', price: 36287 },
  { name: 'تیرآهن\n۱۴', price: null },
];

describe('a table as a file', () => {
  it('CSV: a UTF-8 BOM, Persian headers, quoted where it must be, numbers as plain figures', () => {
    expect(tableCsv(columns, rows)).toBe('\uFEFFمحصول,قیمت (تومان)\r\n"میلگرد ۱۲، ""A3""",36287\r\n"تیرآهن\n۱۴",\r\n');
  });

  it('XLSX: one right-to-left sheet, the header row, numbers as numbers', async () => {
    const workbook = new Workbook();
    await workbook.xlsx.load(await tableXlsx(columns, rows, 'جدول قیمت: میلگرد/کلاف'));
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('جدول قیمت  میلگرد کلاف');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.getRow(1).values).toEqual([undefined, 'محصول', 'قیمت (تومان)']);
    expect(sheet.getRow(2).getCell(2).value).toBe(36287);
    expect(sheet.getRow(3).getCell(1).value).toBe('تیرآهن\n۱۴');
    expect(sheet.getRow(3).getCell(2).value).toBeNull();
    expect(sheet.rowCount).toBe(3);
  });
});
