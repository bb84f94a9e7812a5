import { ApiError } from '@steel/shared';
import { inquiryErrorMessage } from './inquiry-error-message';

const refusal = (status: number, message: string, details: unknown = {}) =>
  new ApiError({ data: null, error: { status, name: 'Error', message, details } });

describe('what a buyer reads when an inquiry write fails', () => {
  it("names each refused field of a sent inquiry, from the CMS's paths", () => {
    const error = refusal(400, 'lines[1].product_slug "x" is not a published product; city_slug must be …', {
      errors: [
        { path: ['lines', 1, 'product_slug'], message: '…' },
        { path: ['city_slug'], message: '…' },
        { path: ['lines', 2, 'product_slug'], message: '…' },
      ],
    });
    expect(inquiryErrorMessage(error)).toBe(
      'یکی از محصولات سبد دیگر فروخته نمی‌شود؛ آن را از سبد بردارید؛ شهر محل تحویل را از فهرست انتخاب کنید.',
    );
  });

  it('says a refusal the CMS words in Persian as it is: the field and its limit', () => {
    expect(
      inquiryErrorMessage(
        refusal(400, 'ردیف ۲: مقدار «میلگرد ۱۲» حداکثر ۴۶۹٬۲۱۹ شاخه (≈ ۵٬۰۰۰ تن) است.', {
          errors: [{ path: ['lines', 1, 'quantity'], message: '…' }],
        }),
      ),
    ).toBe('ردیف ۲: مقدار «میلگرد ۱۲» حداکثر ۴۶۹٬۲۱۹ شاخه (≈ ۵٬۰۰۰ تن) است.');
  });

  it("says the CMS's own Persian words for the daily quota, and the kit's for other limits", () => {
    expect(inquiryErrorMessage(refusal(429, 'در ۲۴ ساعت گذشته بیش از ۱۰ استعلام…'))).toBe(
      'در ۲۴ ساعت گذشته بیش از ۱۰ استعلام…',
    );
    expect(inquiryErrorMessage(refusal(429, 'Too many requests'))).toBe(
      'تعداد درخواست‌ها زیاد است؛ کمی بعد دوباره امتحان کنید',
    );
  });

  it('tells an expired quote from one already accepted, and a server failure from a refusal', () => {
    expect(inquiryErrorMessage(refusal(409, 'This quote has expired; ask for a new one'), 'accept')).toBe(
      'مهلت این پیش‌فاکتور گذشته است؛ پذیرش آن ممکن نیست.',
    );
    expect(inquiryErrorMessage(refusal(409, 'This quote has already been accepted'), 'accept')).toMatch(
      /دیگر پذیرفتنی نیست/,
    );
    expect(inquiryErrorMessage(refusal(403, 'A record in status "accepted" can no longer…'), 'cancel')).toBe(
      'این استعلام دیگر لغوشدنی نیست.',
    );
    expect(inquiryErrorMessage(refusal(502, 'Bad gateway'))).toMatch(/آنچه وارد کرده‌اید حفظ شده است/);
  });
});
