import { normaliseApiError } from '../api/api-error';

/**
 * What a customer reads when a panel call fails (persian-ui.md §7). The CMS's own words are
 * English; its status says enough for the panel's writes and reads.
 */
export function apiErrorMessage(error: unknown): string {
  const { error: body } = normaliseApiError(error);
  switch (body.status) {
    case 400:
      return 'اطلاعات واردشده معتبر نیست؛ لطفاً بررسی و دوباره ارسال کنید';
    case 401:
      return 'برای مشاهده این صفحه ابتدا وارد شوید';
    case 403:
      return 'این تغییر برای شما مجاز نیست';
    case 404:
      return 'موردی با این مشخصات یافت نشد';
    case 429:
      return 'تعداد درخواست‌ها زیاد است؛ کمی بعد دوباره امتحان کنید';
    default:
      return body.name === 'UnknownError' && body.status === 500 && /fetch|network/i.test(body.message)
        ? 'اتصال به اینترنت برقرار نیست'
        : 'خطای سرور؛ لطفاً دوباره تلاش کنید';
  }
}
