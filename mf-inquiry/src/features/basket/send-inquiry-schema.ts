import { z } from 'zod';
import type { NewInquiry } from '../../entities/inquiry/inquiry';
import type { BasketLine } from './basket-store';
import { lineFigures } from './line-figures';
import { accountQuantity } from './basket-merge';

export const NOTE_MAX_LENGTH = 1000;

/** The send form (one schema, shared with its tests): where to deliver and a note; the lines are the basket's. */
export const sendInquirySchema = z.object({
  city_slug: z.string().min(1, 'شهر محل تحویل را انتخاب کنید'),
  note: z
    .string()
    .trim()
    .max(NOTE_MAX_LENGTH, `توضیحات حداکثر ${NOTE_MAX_LENGTH.toLocaleString('fa-IR')} نویسه است`),
});

export type SendInquiryInput = z.input<typeof sendInquirySchema>;
export type SendInquiryValues = z.output<typeof sendInquirySchema>;

/**
 * The basket's lines as the inquiry carries them. The CMS weighs each line itself by the kit's
 * sale-unit rules; the weight sent beside it is the one a CMS released before it weighed lines
 * needs (it ignores it now): 0 where the data gives none.
 */
export function inquiryLines(lines: readonly BasketLine[]): NewInquiry['lines'] {
  return lines.map((line) => ({
    product_slug: line.product.slug,
    quantity: accountQuantity(line),
    weight_kg: Math.round((lineFigures(line.product, line.quantity).kg ?? 0) * 1000) / 1000,
  }));
}

/** What the basket weighs, and whether every line could be weighed. */
export function basketWeight(lines: readonly BasketLine[]): { kg: number; complete: boolean } {
  return lines.reduce<{ kg: number; complete: boolean }>(
    (sum, line) => {
      const kg = lineFigures(line.product, line.quantity).kg;
      return { kg: sum.kg + (kg ?? 0), complete: sum.complete && kg !== null };
    },
    { kg: 0, complete: true },
  );
}
