import { z } from 'zod';
import { ORDER_QUANTITY } from '@steel/shared';
import { contactPhone, typedNumberField } from '@steel/shared/forms';

/** The new-order request form (one schema, shared with its tests). */
export const newOrderSchema = z.object({
  items: z
    .array(
      z.object({
        product_slug: z.string().min(1),
        // The CMS reads the quantity by the same rule (deploy/cms/src/api/order/controllers/order.js).
        quantity: typedNumberField(ORDER_QUANTITY),
      }),
    )
    .min(1, 'دست‌کم یک محصول انتخاب کنید'),
  delivery_address: z.string().trim().min(5, 'نشانی تحویل را کامل بنویسید').max(1000, 'نشانی تحویل طولانی است'),
  contact_phone: contactPhone,
  note: z.string().trim().max(2000, 'توضیحات طولانی است'),
});

export type NewOrderInput = z.input<typeof newOrderSchema>;
export type NewOrderValues = z.output<typeof newOrderSchema>;
