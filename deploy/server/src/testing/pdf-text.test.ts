/** @jest-environment node */
import { pdfText, withoutJoiners } from './pdf-text';

describe('the text of a PDF', () => {
  it('compares Persian without the joiners a PDF cannot hold', () => {
    expect(withoutJoiners('پیش‌فاکتور')).toBe('پیشفاکتور');
  });

  it('says which Debian package it needs when pdftotext cannot read the bytes', async () => {
    await expect(pdfText(Buffer.from('not a pdf'))).rejects.toThrow(/poppler-utils/);
  });
});
