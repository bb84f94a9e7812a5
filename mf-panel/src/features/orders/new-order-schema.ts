import { z } from 'zod';
import { toLatinDigits } from '@steel/shared';

const REQUIRED = 'این فیلد الزامی است';

/** A typed number with Persian, Arabic-Indic or Latin digits and either decimal mark → number. */
const typedNumber = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = toLatinDigits(value).replace(/[٫,]/g, '.').trim();
  return text === '' ? undefined : Number(text);
};

/** A landline or mobile number with its area code: 11 digits starting with 0. */
export const contactPhone = z.preprocess(
  (value) => (typeof value === 'string' ? toLatinDigits(value).replace(/[\s-]/g, '') : value),
  z.string({ error: REQUIRED }).min(1, REQUIRED).regex(/^0\d{10}$/, 'شماره تماس را با کد شهر یا به شکل ۰۹xxxxxxxxx وارد کنید'),
);

/** The new-order request form (one schema, shared with its tests). */
export const newOrderSchema = z.object({
  items: z
    .array(
      z.object({
        product_slug: z.string().min(1),
        quantity: z.preprocess(
          typedNumber,
          z.number({ error: 'مقدار را به عدد وارد کنید' }).gt(0, 'مقدار باید بیشتر از صفر باشد').max(1_000_000, 'مقدار بیش از حد مجاز است'),
        ),
      }),
    )
    .min(1, 'دست‌کم یک محصول انتخاب کنید'),
  delivery_address: z.string().trim().min(5, 'نشانی تحویل را کامل بنویسید').max(1000, 'نشانی تحویل طولانی است'),
  contact_phone: contactPhone,
  note: z.string().trim().max(2000, 'توضیحات طولانی است'),
});

export type NewOrderInput = z.input<typeof newOrderSchema>;
export type NewOrderValues = z.output<typeof newOrderSchema>;
