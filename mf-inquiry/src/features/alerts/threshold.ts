import { formatToman, toLatinDigits } from '@steel/shared';

/** Ten thousand billion toman: no steel price, so a slip of the keyboard. */
const MAX_TOMAN = 10 ** 13;

export type ThresholdReading = { rial: number } | { error: string };

/**
 * The figure a buyer types for «خبرم کن وقتی قیمت کمتر از … شد»: toman (what every price on the
 * site is shown in), in Persian, Arabic-Indic or Latin digits, with or without thousands
 * separators; whole toman. The CMS keeps rial, so the answer is toman × 10. Below `currentRial`
 * when the product has a price: an alert at or above today's price would have nothing to wait for.
 */
export function readThreshold(text: string, currentRial: number | null): ThresholdReading {
  const digits = toLatinDigits(text)
    .replace(/[٬,،\s\u200c]/g, '')
    .replace(/تومان$/, '');
  if (digits === '') return { error: 'مبلغ را به تومان وارد کنید.' };
  if (!/^\d+$/.test(digits)) return { error: 'مبلغ را به تومان و با عدد درست (بدون اعشار) وارد کنید.' };
  const toman = Number(digits);
  if (toman <= 0 || toman > MAX_TOMAN) return { error: 'مبلغی بزرگ‌تر از صفر و در حد قیمت‌های بازار وارد کنید.' };
  const rial = toman * 10;
  if (currentRial !== null && currentRial > 0 && rial >= currentRial)
    return { error: `قیمت فعلی ${formatToman(currentRial)} است؛ مبلغی کمتر از آن وارد کنید.` };
  return { rial };
}
