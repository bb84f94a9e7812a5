import { formErrorMessage, normaliseApiError } from '@steel/shared';

const PERSIAN = /[\u0600-\u06FF]/;

/** What each refused field of an inquiry means to the buyer (the CMS's `details.errors[].path`). */
function fieldProblem(path: ReadonlyArray<string | number>): string {
  if (path[0] === 'city_slug') return 'شهر محل تحویل را از فهرست انتخاب کنید';
  // A CMS of before the shipping rules by city.
  if (path[0] === 'province_slug') return 'استان محل تحویل را از فهرست انتخاب کنید';
  if (path[0] === 'note') return 'توضیحات حداکثر ۱٬۰۰۰ نویسه است';
  if (path[0] === 'lines' && path[2] === 'product_slug')
    return 'یکی از محصولات سبد دیگر فروخته نمی‌شود؛ آن را از سبد بردارید';
  if (path[0] === 'lines' && path[2] === 'quantity') return 'مقدار هر قلم باید بیشتر از صفر و حداکثر ۱۰۰٬۰۰۰ باشد';
  if (path[0] === 'lines') return 'اقلام سبد پذیرفته نشد؛ سبد را بررسی کنید';
  return '';
}

/**
 * What a buyer reads when an inquiry write fails. The CMS words its refusals in Persian, naming
 * the field and the limit (a quota of inquiries, a quote that lapsed or was already accepted, a
 * product no longer sold, a quantity past its line's limit): said as it is. A CMS that answers in
 * English (one released before it spoke Persian) is read by its status and the refused fields' paths.
 */
export function inquiryErrorMessage(error: unknown, action: 'send' | 'accept' | 'cancel' = 'send'): string {
  const { error: body } = normaliseApiError(error);
  if (body.status >= 400 && body.status < 500 && PERSIAN.test(body.message)) return body.message;
  if (action === 'accept' && (body.status === 409 || body.status === 400))
    return /expire/i.test(body.message)
      ? 'مهلت این پیش‌فاکتور گذشته است؛ پذیرش آن ممکن نیست.'
      : 'این پیش‌فاکتور دیگر پذیرفتنی نیست (پیش‌تر پذیرفته یا لغو شده است). صفحه را دوباره بخوانید.';
  if (action === 'cancel' && (body.status === 409 || body.status === 403)) return 'این استعلام دیگر لغوشدنی نیست.';
  if (body.status === 400) {
    const details = body.details as { errors?: Array<{ path?: Array<string | number> }> } | undefined;
    const problems = [...new Set((details?.errors ?? []).map((problem) => fieldProblem(problem.path ?? [])))];
    if (problems.some(Boolean)) return `${problems.filter(Boolean).join('؛ ')}.`;
  }
  return formErrorMessage(error);
}
