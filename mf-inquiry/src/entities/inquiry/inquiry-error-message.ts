import { formErrorMessage, normaliseApiError } from '@steel/shared';

const PERSIAN = /[\u0600-\u06FF]/;

/** What each field of a refused inquiry is called, for the CMS's per-field refusals. */
const FIELD_NAMES: Record<string, string> = {
  province_slug: 'استان تحویل',
  note: 'توضیحات',
  lines: 'اقلام سبد',
};

/**
 * What a buyer reads when an inquiry write fails: the kit's message for the status, made exact
 * where the inquiry has its own reasons (a quota of inquiries, a quote that lapsed or was already
 * accepted, a product no longer sold). The CMS's own words are English; its status and fields say enough.
 */
export function inquiryErrorMessage(error: unknown, action: 'send' | 'accept' | 'cancel' = 'send'): string {
  const { error: body } = normaliseApiError(error);
  // The CMS words its quota in Persian (with when to try again): said as it is.
  if (body.status === 429)
    return PERSIAN.test(body.message)
      ? body.message
      : 'سقف استعلام‌های یک روز پر شده است؛ فردا دوباره بفرستید یا با ما تماس بگیرید.';
  if (action === 'accept' && (body.status === 409 || body.status === 400))
    return /expire/i.test(body.message)
      ? 'مهلت این پیش‌فاکتور گذشته است؛ پذیرش آن ممکن نیست.'
      : 'این پیش‌فاکتور دیگر پذیرفتنی نیست (پیش‌تر پذیرفته یا لغو شده است). صفحه را دوباره بخوانید.';
  if (action === 'cancel' && (body.status === 409 || body.status === 403)) return 'این استعلام دیگر لغوشدنی نیست.';
  if (body.status === 400) {
    const details = body.details as { errors?: Array<{ path?: Array<string | number> }> } | undefined;
    const fields = [
      ...new Set(
        (details?.errors ?? []).map((problem) => FIELD_NAMES[String(problem.path?.[0] ?? '')]).filter(Boolean),
      ),
    ];
    if (/product/i.test(body.message))
      return 'یکی از محصولات سبد دیگر فروخته نمی‌شود؛ آن را از سبد بردارید و دوباره بفرستید.';
    if (fields.length) return `این بخش‌ها پذیرفته نشد: ${fields.join('، ')}. بررسی کنید و دوباره بفرستید.`;
  }
  return formErrorMessage(error);
}
