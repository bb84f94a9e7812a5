import { ALERT_THRESHOLD_TOMAN, formatToman, readTypedNumber } from '@steel/shared';

export type ThresholdReading = { rial: number } | { error: string };

/**
 * The figure a buyer types for «خبرم کن وقتی قیمت کمتر از … شد»: whole toman (what every price on
 * the site is shown in), read by the kit's one reader against the rule the CMS holds it to. The
 * CMS keeps rial, so the answer is toman × 10. Below `currentRial` when the product has a price: an
 * alert at or above today's price would have nothing to wait for.
 */
export function readThreshold(text: string, currentRial: number | null): ThresholdReading {
  const reading = readTypedNumber(text, ALERT_THRESHOLD_TOMAN);
  if (reading.value === undefined) return { error: reading.error ?? `${ALERT_THRESHOLD_TOMAN.label} را وارد کنید.` };
  const rial = reading.value * 10;
  if (currentRial !== null && currentRial > 0 && rial >= currentRial)
    return { error: `قیمت فعلی ${formatToman(currentRial)} است؛ مبلغی کمتر از آن وارد کنید.` };
  return { rial };
}
