import {
  comparePersian,
  formatNumber,
  formatPersianDate,
  formatPersianDateTime,
  formatPersianDayMonth,
  formatRial,
  formatToman,
  toLatinDigits,
  toPersianDigits,
  todayInTehran,
} from './format';

describe('format', () => {
  it('formats numbers with Persian digits and separators', () => {
    expect(formatNumber(1234567)).toBe('۱٬۲۳۴٬۵۶۷');
    expect(formatNumber(0)).toBe('۰');
    expect(formatNumber('2500')).toBe('۲٬۵۰۰');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });

  it('writes numbers exactly as Intl fa-IR does, without loading Intl for them', () => {
    const intl = new Intl.NumberFormat('fa-IR');
    const samples = [
      0,
      -0,
      5,
      1234,
      1_250_000,
      33_800,
      2.5,
      0.395,
      -1.2,
      0.0625,
      -0.0625,
      1.0005,
      999.9995,
      0.0004,
      -0.0005,
      0.1 + 0.2,
      1e14,
      5e-7,
      1e21,
      Number.MAX_SAFE_INTEGER,
    ];
    // Seeded, so a failure names the same numbers every run.
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 20_000; i++)
      samples.push(Math.round((random() - 0.5) * 10 ** Math.floor(random() * 20 - 4) * 10_000) / 10_000);
    for (const n of samples) expect([n, formatNumber(n)]).toEqual([n, intl.format(n)]);
    expect(formatNumber(10n ** 20n)).toBe(intl.format(10n ** 20n));
    expect(formatNumber(-42n)).toBe(intl.format(-42n));
    expect(formatNumber('42000')).toBe(intl.format(42000));
  });

  it('formats rial and toman (rial / 10)', () => {
    expect(formatRial(1250000)).toBe('۱٬۲۵۰٬۰۰۰ ریال');
    expect(formatToman(1250000)).toBe('۱۲۵٬۰۰۰ تومان');
    expect(formatToman(15)).toBe('۲ تومان');
    expect(formatToman(undefined)).toBe('');
    expect(formatRial(undefined)).toBe('');
  });

  it("shows every product price in toman: the catalogue's «۳۳٬۸۰۰ تومان» is the panel's too", () => {
    // 338,000 rial per kg, as the CMS holds it: never «۳۳۸٬۰۰۰ ریال» on any screen.
    expect(formatToman(338000)).toBe('۳۳٬۸۰۰ تومان');
    expect(formatToman('338000')).toBe('۳۳٬۸۰۰ تومان');
  });

  it('formats dates in the Persian calendar', () => {
    // Nowruz 1403 = 20 March 2024 (noon UTC is the same day in Tehran and UTC).
    expect(formatPersianDate(new Date(Date.UTC(2024, 2, 20, 12)))).toBe('۱ فروردین ۱۴۰۳');
    expect(formatPersianDate('2024-03-20T12:00:00Z')).toBe('۱ فروردین ۱۴۰۳');
    expect(formatPersianDayMonth('2024-03-20T00:00:00Z')).toBe('۱ فروردین');
    expect(formatPersianDate('not a date')).toBe('');
    expect(formatPersianDate(null)).toBe('');
  });

  it('writes dates, days and times exactly as Intl fa-IR-u-ca-persian does in Tehran, before and after daylight saving ended', () => {
    const zone = { timeZone: 'Asia/Tehran' } as const;
    const intl = {
      date: new Intl.DateTimeFormat('fa-IR-u-ca-persian', { year: 'numeric', month: 'long', day: 'numeric', ...zone }),
      dayMonth: new Intl.DateTimeFormat('fa-IR-u-ca-persian', { month: 'long', day: 'numeric', ...zone }),
      dateTime: new Intl.DateTimeFormat('fa-IR-u-ca-persian', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        ...zone,
      }),
      isoDay: new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', ...zone }),
    };
    // Every 19 h 7 min from 2015 (daylight saving still kept) to 2031: each month, hour and both sides of midnight.
    for (let time = Date.UTC(2015, 0, 1); time < Date.UTC(2031, 0, 1); time += (19 * 60 + 7) * 60_000) {
      const date = new Date(time);
      expect([date, formatPersianDate(date)]).toEqual([date, intl.date.format(date)]);
      expect([date, formatPersianDayMonth(date)]).toEqual([date, intl.dayMonth.format(date)]);
      expect([date, formatPersianDateTime(date)]).toEqual([date, intl.dateTime.format(date)]);
      expect([date, todayInTehran(date)]).toEqual([date, intl.isoDay.format(date)]);
    }
  });

  it('converts Latin and Arabic-Indic digits to Persian digits', () => {
    expect(toPersianDigits('کد 0123456789')).toBe('کد ۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits('٠١٢٣٤٥٦٧٨٩')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(toPersianDigits(42)).toBe('۴۲');
  });

  it('converts Persian and Arabic-Indic digits to Latin ones for parsing', () => {
    expect(toLatinDigits('۰۹۱۲۱۲۳۴۵۶۷')).toBe('09121234567');
    expect(toLatinDigits('٠٩١٢')).toBe('0912');
    expect(toLatinDigits('abc 12')).toBe('abc 12');
  });

  it('formats a date and time in Tehran', () => {
    // 12:00 UTC is 15:30 in Tehran (UTC+03:30, no daylight saving).
    const text = formatPersianDateTime('2024-03-20T12:00:00Z');
    expect(text).toContain('۱ فروردین ۱۴۰۳');
    expect(text).toContain('۱۵:۳۰');
    expect(formatPersianDateTime('nope')).toBe('');
  });
});

describe('todayInTehran', () => {
  it("is Tehran's calendar day, 3½ hours ahead of UTC", () => {
    expect(todayInTehran(new Date('2026-03-01T12:00:00Z'))).toBe('2026-03-01');
    expect(todayInTehran(new Date('2026-03-01T21:00:00Z'))).toBe('2026-03-02');
  });
});

describe('comparePersian', () => {
  it('sorts in Persian alphabetical order, Persian letters (پ گ چ ژ) in their places', () => {
    expect(['ورق', 'گالوانیزه', 'آهن', 'میلگرد', 'پروفیل', 'تیرآهن', 'بورس'].sort(comparePersian)).toEqual([
      'آهن',
      'بورس',
      'پروفیل',
      'تیرآهن',
      'گالوانیزه',
      'میلگرد',
      'ورق',
    ]);
    expect(comparePersian('میلگرد', 'میلگرد')).toBe(0);
  });
});
