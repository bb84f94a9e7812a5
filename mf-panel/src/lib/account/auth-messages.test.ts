import { ApiError } from '@steel/shared';
import { authRefusal } from './auth-messages';

const cms = (status: number, message: string, name = 'ValidationError') =>
  new ApiError({ data: null, error: { status, name, message, details: {} } });

describe('account refusals in Persian', () => {
  it.each([
    [cms(400, 'Invalid identifier or password'), 'نام کاربری یا رمز عبور نادرست است', undefined],
    [
      cms(400, 'Email or Username are already taken', 'ApplicationError'),
      'این ایمیل یا نام کاربری قبلاً ثبت شده است',
      undefined,
    ],
    [
      cms(400, 'This mobile number is already used by another account'),
      'این شماره موبایل برای حساب دیگری ثبت شده است',
      'mobile',
    ],
    [cms(400, 'This e-mail is already used by another account'), 'این ایمیل برای حساب دیگری ثبت شده است', 'email'],
    [cms(400, 'The provided current password is invalid'), 'رمز عبور فعلی نادرست است', 'currentPassword'],
    [
      cms(400, 'Incorrect code provided'),
      'لینک بازیابی نامعتبر است یا پیش‌تر به کار رفته است؛ دوباره درخواست دهید',
      undefined,
    ],
    [cms(400, 'This provider is disabled', 'ApplicationError'), 'ورود با این سرویس فعال نیست', undefined],
    [
      cms(429, 'Too many requests, please try again later.', 'RateLimitError'),
      'تعداد تلاش‌ها زیاد است؛ کمی بعد دوباره امتحان کنید',
      undefined,
    ],
    [cms(400, 'password must be at least 6 characters'), 'اطلاعات واردشده را بررسی کنید و دوباره بفرستید', undefined],
    [new TypeError('Failed to fetch'), 'ارتباط با سرور برقرار نشد؛ دوباره تلاش کنید', undefined],
    [cms(502, 'Request failed with status 502', 'UnknownError'), 'خطای سرور؛ لطفاً دوباره تلاش کنید', undefined],
  ])('%s', (error, message, field) => {
    const refusal = authRefusal(error);
    expect(refusal.message).toBe(message);
    expect(refusal.field).toBe(field);
  });
});
