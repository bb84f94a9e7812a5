import { normaliseApiError } from '@steel/shared';

/**
 * The CMS's refusals of account calls, in Persian. Strapi's users-permissions messages (and the
 * CMS's own additions, deploy/cms/src/extensions/users-permissions) are English and stable: they
 * are matched here and nowhere else. `field` says which form field the refusal is about.
 */
const REFUSALS: Array<{
  match: RegExp;
  message: string;
  field?: 'username' | 'email' | 'mobile' | 'currentPassword' | 'password';
}> = [
  { match: /invalid identifier or password/i, message: 'نام کاربری یا رمز عبور نادرست است' },
  { match: /blocked/i, message: 'حساب کاربری شما مسدود شده است' },
  { match: /email is not confirmed/i, message: 'ایمیل حساب شما هنوز تأیید نشده است' },
  { match: /email or username are already taken/i, message: 'این ایمیل یا نام کاربری قبلاً ثبت شده است' },
  { match: /e-mail is already used/i, message: 'این ایمیل برای حساب دیگری ثبت شده است', field: 'email' },
  { match: /mobile number is already used/i, message: 'این شماره موبایل برای حساب دیگری ثبت شده است', field: 'mobile' },
  { match: /username is already taken/i, message: 'این نام کاربری قبلاً گرفته شده است', field: 'username' },
  { match: /username may not be a mobile/i, message: 'نام کاربری نمی‌تواند شماره موبایل باشد', field: 'username' },
  { match: /mobile must look like/i, message: 'شماره موبایل معتبر نیست', field: 'mobile' },
  {
    match: /incorrect code provided/i,
    message: 'لینک بازیابی نامعتبر است یا پیش‌تر به کار رفته است؛ دوباره درخواست دهید',
  },
  { match: /current password is invalid/i, message: 'رمز عبور فعلی نادرست است', field: 'currentPassword' },
  {
    match: /different than your current password/i,
    message: 'رمز عبور جدید باید با رمز فعلی فرق داشته باشد',
    field: 'password',
  },
  { match: /passwords do not match/i, message: 'رمز عبور و تکرار آن یکسان نیستند' },
  { match: /provider is disabled/i, message: 'ورود با این سرویس فعال نیست' },
  { match: /already confirmed/i, message: 'ایمیل این حساب پیش‌تر تأیید شده است' },
  { match: /register action is currently disabled/i, message: 'ثبت‌نام در حال حاضر ممکن نیست' },
];

export interface AuthRefusal {
  message: string;
  field?: 'username' | 'email' | 'mobile' | 'currentPassword' | 'password';
}

/** What the visitor reads when an account call fails, and the field it is about when there is one. */
export function authRefusal(error: unknown): AuthRefusal {
  const { error: body } = normaliseApiError(error);
  const known = REFUSALS.find((refusal) => refusal.match.test(body.message));
  if (known) return known.field ? { message: known.message, field: known.field } : { message: known.message };
  if (body.status === 429) return { message: 'تعداد تلاش‌ها زیاد است؛ کمی بعد دوباره امتحان کنید' };
  if (body.status === 401) return { message: 'نشست شما به پایان رسیده است؛ دوباره وارد شوید' };
  if (body.status === 400) return { message: 'اطلاعات واردشده را بررسی کنید و دوباره بفرستید' };
  // No answer at all (network, CORS): the content client reports it as UnknownError 500.
  if (body.name === 'UnknownError' && body.status === 500)
    return { message: 'ارتباط با سرور برقرار نشد؛ دوباره تلاش کنید' };
  return { message: 'خطای سرور؛ لطفاً دوباره تلاش کنید' };
}

const PERSIAN = /[\u0600-\u06FF]/;

/**
 * The sign-in-by-code calls' refusals: the CMS words them in Persian itself (a wrong or expired
 * code, a locked number, too many codes for one number), so its message is shown as it is, on the
 * field it names; any other refusal reads as every account call's does.
 */
export function signInCodeRefusal(error: unknown): AuthRefusal {
  const { error: body } = normaliseApiError(error);
  if (!PERSIAN.test(body.message)) return authRefusal(error);
  const key = (body.details as { key?: unknown } | undefined)?.key;
  return key === 'mobile' ? { message: body.message, field: 'mobile' } : { message: body.message };
}

export const authErrorMessage = (error: unknown): string => authRefusal(error).message;
