import { z } from 'zod';
import { contactPhone, typedNumberField } from '@steel/shared/forms';

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
  // The offer's own limits where the exchange gives them: «حجم درخواستی دست‌کم ۵ تن است».
  const quantity = typedNumberField({
    label: 'حجم درخواستی',
    unit: 'تن',
    ...(min !== null ? { min } : { aboveZero: true }),
    max: max ?? 1_000_000,
    decimals: 3,
  });
  return z.object({
    quantity_tonnes: quantity,
    max_price: typedNumberField({
      label: 'سقف قیمت',
      unit: 'ریال',
      aboveZero: true,
      max: 10 ** 12,
      decimals: 0,
      optional: true,
    }),
    contact_phone: contactPhone,
    note: z.string().trim().max(2000, 'توضیحات طولانی است'),
  });
}

export type PurchaseRequestInput = z.input<ReturnType<typeof purchaseRequestSchema>>;
export type PurchaseRequestValues = z.output<ReturnType<typeof purchaseRequestSchema>>;
