/** @jest-environment node */
import { ITEM, readingOrder, withoutJoiners } from './pdf-text';

/** A line as pdf-parse gives it, written with `|` between its items. */
const extracted = (line: string) => line.split('|').join(ITEM);

describe('readingOrder', () => {
  it('puts a line that pdf.js extracted from a Chromium PDF (visual order, shaped letters) back in reading order', () => {
    expect(readingOrder(extracted('ی|ﺸ|ﯾ|ﺎ|ﻣ|آز| |ر|ﻮ|ﺘ|ک|ﺎ|ﻓ| |ﺶ|ﯿ|پ|'))).toBe('پیش فاکتور آزمایشی');
    expect(readingOrder(extracted('ن|ﺎ|ﻣ|ﻮ|ﺗ| |۱۲٬۵۰۰| |:|ﻞ|ک| |ﻊ|ﻤ|ﺟ|'))).toBe('جمع کل: ۱۲٬۵۰۰ تومان');
    expect(readingOrder(extracted('RQ-AB12| |ﻩ|ر|ﺎ|ﻤ|ﺷ'))).toBe('شماره RQ-AB12');
    expect(readingOrder(extracted('تومان| |12|,|500| |:|مبلغ'))).toBe('مبلغ: 12,500 تومان');
  });

  it('leaves a left-to-right line as it is', () => {
    expect(readingOrder(extracted('user_token=tok-abc123'))).toBe('user_token=tok-abc123');
    expect(readingOrder(extracted('total|:| |12|,|500'))).toBe('total: 12,500');
  });

  it('compares Persian without the joiners a PDF cannot hold', () => {
    expect(withoutJoiners('پیش‌فاکتور')).toBe('پیشفاکتور');
  });
});
