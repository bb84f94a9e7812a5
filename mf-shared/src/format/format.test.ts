import { formatNumber, formatPersianDate, formatRial, formatToman, toPersianDigits } from './format';

describe('format', () => {
  it('formats numbers with Persian digits and separators', () => {
    expect(formatNumber(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(0)).toBe('۰');
    expect(formatNumber('2500')).toBe('۲٬۵۰۰');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('formats rial and toman (rial / 10)', () => {
    expect(formatRial(1250000)).toBe('۱٬۲۵۰٬۰۰۰ ریال');
    expect(formatToman(1250000)).toBe('۱۲۵٬۰۰۰ تومان');
    expect(formatToman(15)).toBe('۲ تومان');
    expect(formatToman(undefined)).toBe('');
    expect(formatRial(undefined)).toBe('');
  });

  it('formats dates in the Persian calendar', () => {
    // Nowruz 1403 = 20 March 2024 (noon UTC is the same day in Tehran and UTC).
    expect(formatPersianDate(new Date(Date.UTC(2024, 2, 20, 12)))).toBe('۱ فروردین ۱۴۰۳');
    expect(formatPersianDate('2024-03-20T12:00:00Z')).toBe('۱ فروردین ۱۴۰۳');
    expect(formatPersianDate('not a date')).toBe('');
    expect(formatPersianDate(null)).toBe('');
  });

  it('converts Latin and Arabic-Indic digits to Persian digits', () => {
    expect(toPersianDigits('کد 0123456789')).toBe('کد ۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits('٠١٢٣٤٥٦٧٨٩')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits(42)).toBe('۴۲');
  });
});
