import { ApiError, normaliseApiError } from './api-error';
import { apiErrorMessage, formErrorMessage } from './api-error-message';
import { LoadTimeoutError } from '../runtime/with-time-limit';

// What the content client throws when fetch rejects (the CMS stopped): Chromium's words.
const unreachable = new ApiError(normaliseApiError(new TypeError('Failed to fetch'), 500));
const refused = new ApiError({
  data: null,
  error: { status: 400, name: 'ValidationError', message: 'subject is required', details: {} },
});
const crashed = new ApiError({
  data: null,
  error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} },
});

describe('what a customer reads when a panel call fails', () => {
  it("an unreachable server is named as such, not as the visitor's internet", () => {
    expect(apiErrorMessage(unreachable)).toBe('ارتباط با سرور برقرار نشد؛ کمی بعد دوباره تلاش کنید');
    expect(
      apiErrorMessage(
        new ApiError(normaliseApiError(new TypeError('NetworkError when attempting to fetch resource.'), 500)),
      ),
    ).toBe(apiErrorMessage(unreachable));
  });

  it('a form sent while the server was away or failing says the values are kept', () => {
    expect(formErrorMessage(unreachable)).toContain('آنچه وارد کرده‌اید حفظ شده است');
    expect(formErrorMessage(crashed)).toContain('آنچه وارد کرده‌اید حفظ شده است');
    // The customer's own mistake: only what to fix.
    expect(formErrorMessage(refused)).toBe(apiErrorMessage(refused));
  });

  it('a refusal the CMS words in Persian is said as it is; an English one by its status', () => {
    const persian = new ApiError({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'ردیف ۱: مقدار حداکثر ۵٬۰۰۰ تن است.', details: {} },
    });
    expect(apiErrorMessage(persian)).toBe('ردیف ۱: مقدار حداکثر ۵٬۰۰۰ تن است.');
    expect(apiErrorMessage(refused)).toBe('اطلاعات واردشده معتبر نیست؛ لطفاً بررسی و دوباره ارسال کنید');
  });

  it('a read that got no answer in time says so', () => {
    expect(apiErrorMessage(new LoadTimeoutError('The data ["orders"]', 5000))).toBe(
      'سرور به‌موقع پاسخ نداد؛ کمی بعد دوباره تلاش کنید',
    );
  });
});
