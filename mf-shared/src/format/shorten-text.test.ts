import { shortenAtWord } from './shorten-text';

/** The seeded long read's title (data/domain/demo-content.json), 131 characters. */
const LONG_TITLE =
  'راهنمای جامع خریداران آهن‌آلات: از شناخت استانداردها و مقایسه کارخانه‌ها تا حمل، انبارداری و پرداخت در بازار آهن و بورس کالای ایران';

describe('shortenAtWord', () => {
  it('cuts a long Persian title after a whole word, with «…», within the limit', () => {
    const headline = shortenAtWord(LONG_TITLE, 110);
    expect(headline).toBe(
      'راهنمای جامع خریداران آهن‌آلات: از شناخت استانداردها و مقایسه کارخانه‌ها تا حمل، انبارداری و پرداخت در بازار…',
    );
    expect(headline.length).toBeLessThanOrEqual(110);
    // What `title.slice(0, 110)` gave: half of «آهن».
    expect(headline).not.toContain('بازار آ');
  });

  it('keeps whole words only, at every limit', () => {
    for (let max = 10; max < LONG_TITLE.length; max++) {
      const shortened = shortenAtWord(LONG_TITLE, max);
      expect(shortened.length).toBeLessThanOrEqual(max);
      const kept = shortened.slice(0, -1);
      expect(LONG_TITLE.startsWith(kept)).toBe(true);
      // What follows the kept words in the title is a space, or the comma or colon dropped before it.
      expect(LONG_TITLE.slice(kept.length)).toMatch(/^[،:]? /);
    }
  });

  it('never takes a zero-width non-joiner for a word boundary', () => {
    // «آهن‌آلات» is one word: a limit that ends inside it drops it whole.
    const title = 'قیمت آهن‌آلات';
    expect(shortenAtWord(title, 11)).toBe('قیمت…');
    expect(shortenAtWord('خرید آهن‌آلات ساختمانی', 15)).toBe('خرید آهن‌آلات…');
  });

  it('drops a comma or colon left before the «…»', () => {
    expect(shortenAtWord('میلگرد، تیرآهن و ورق', 10)).toBe('میلگرد…');
    expect(shortenAtWord('راهنمای خرید: میلگرد', 16)).toBe('راهنمای خرید…');
  });

  it('leaves a title that fits, 110 characters exactly included, whole', () => {
    const exact = LONG_TITLE.slice(0, 110);
    expect(exact.length).toBe(110);
    expect(shortenAtWord(exact, 110)).toBe(exact);
    expect(shortenAtWord('راهنمای قیمت میلگرد', 110)).toBe('راهنمای قیمت میلگرد');
  });

  it('cuts a title with no space in its first 110 characters hard, with «…»', () => {
    const unbroken = 'آ'.repeat(130) + ' پایان';
    expect(shortenAtWord(unbroken, 110)).toBe('آ'.repeat(109) + '…');
  });

  it('never splits a character made of two UTF-16 units', () => {
    const emoji = '🔩'.repeat(60);
    const shortened = shortenAtWord(emoji, 110);
    expect(shortened).toBe('🔩'.repeat(54) + '…');
  });
});
