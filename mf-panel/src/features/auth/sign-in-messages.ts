import { normaliseApiError } from '@steel/shared';

/**
 * What the visitor reads when sign-in fails, from the CMS's own error (Strapi users-permissions
 * messages are English and stable; they are matched here and nowhere else).
 */
export function signInErrorMessage(error: unknown): string {
  const { error: body } = normaliseApiError(error);
  const message = body.message.toLowerCase();
  if (body.status === 400 && message.includes('invalid identifier or password')) return 'نام کاربری یا رمز عبور نادرست است';
  if (message.includes('blocked')) return 'حساب کاربری شما مسدود شده است';
  if (message.includes('not confirmed')) return 'ایمیل حساب شما هنوز تأیید نشده است';
  if (body.status === 429) return 'تعداد تلاش‌ها زیاد است؛ کمی بعد دوباره امتحان کنید';
  if (body.status === 400) return 'ایمیل یا نام کاربری و رمز عبور را درست وارد کنید';
  return 'ارتباط با سرور برقرار نشد؛ دوباره تلاش کنید';
}
