import { isConnectionFailure, normaliseApiError, isLoadTimeoutError } from '@steel/shared/remote-core';

const PERSIAN = /[\u0600-\u06FF]/;

/**
 * What a customer reads when a CMS call fails (data/domain/persian-ui.md, "Errors and messages"): the panel's forms and the
 * catalogue's product actions. A refusal the CMS words in Persian (the inquiry, alert and basket
 * APIs name the field and the limit, as the field beside it would) is said as it is; otherwise
 * the CMS's words are English and its status says enough.
 */
export function apiErrorMessage(error: unknown): string {
  if (isConnectionFailure(error)) return CONNECTION_FAILED;
  if (isLoadTimeoutError(error)) return NO_ANSWER_IN_TIME;
  const { error: body } = normaliseApiError(error);
  if (body.status >= 400 && body.status < 500 && PERSIAN.test(body.message)) return body.message;
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
      return 'خطای سرور؛ لطفاً دوباره تلاش کنید';
  }
}

/** The server could not be reached (the CMS stopped, or the visitor's connection). */
const CONNECTION_FAILED = 'ارتباط با سرور برقرار نشد؛ کمی بعد دوباره تلاش کنید';
/** A read that got no answer within its time limit (the CMS stalled). */
const NO_ANSWER_IN_TIME = 'سرور به‌موقع پاسخ نداد؛ کمی بعد دوباره تلاش کنید';

/**
 * A form whose sending failed keeps every value (react-hook-form keeps them; nothing is reset on
 * an error). When the cause is on the server's side, the customer is told so, and that sending
 * again is all it takes (a CMS that stopped mid-session must not need a reload).
 */
export function formErrorMessage(error: unknown): string {
  const message = apiErrorMessage(error);
  const serverSide = isConnectionFailure(error) || normaliseApiError(error).error.status >= 500;
  return serverSide ? `${message}. آنچه وارد کرده‌اید حفظ شده است؛ کافی است دوباره بفرستید.` : message;
}
