import { z } from 'zod';
import { contactPhone, typedNumber } from '@steel/shared/forms';
import { formatNumber } from '@steel/shared';

export interface OfferLimits {
  /** Tonnes; from the offer's «حداقل خرید» / «حداکثر خرید» when the exchange gives them. */
  min_purchase?: number | string | null;
  max_purchase?: number | string | null;
}

const limit = (value: number | string | null | undefined) => {
  const n = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * A purchase request for one exchange offer: volume in tonnes (within the offer's purchase
 * limits), an optional price ceiling in rial per kg, a phone and a note. One schema per offer,
 * shared with its tests.
 */
export function purchaseRequestSchema(offer: OfferLimits = {}) {
  const min = limit(offer.min_purchase);
  const max = limit(offer.max_purchase);
  let quantity = z
    .number({ error: 'حجم درخواستی را به عدد وارد کنید' })
    .gt(0, 'حجم درخواستی باید بیشتر از صفر باشد')
    .max(1_000_000, 'حجم درخواستی بیش از حد مجاز است');
  if (min !== null) quantity = quantity.min(min, `حداقل خرید این عرضه ${formatNumber(min)} تن است`);
  if (max !== null) quantity = quantity.max(max, `حداکثر خرید این عرضه ${formatNumber(max)} تن است`);
  return z.object({
    quantity_tonnes: z.preprocess(typedNumber, quantity),
    max_price: z.preprocess(
      typedNumber,
      z
        .number({ error: 'سقف قیمت را به عدد وارد کنید' })
        .int('سقف قیمت را بدون اعشار وارد کنید')
        .positive('سقف قیمت باید بیشتر از صفر باشد')
        .optional(),
    ),
    contact_phone: contactPhone,
    note: z.string().trim().max(2000, 'توضیحات طولانی است'),
  });
}

export type PurchaseRequestInput = z.input<ReturnType<typeof purchaseRequestSchema>>;
export type PurchaseRequestValues = z.output<ReturnType<typeof purchaseRequestSchema>>;
