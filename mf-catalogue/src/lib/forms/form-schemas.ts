/**
 * The site's public forms, one schema each, shared by the page and its tests; the CMS checks the
 * same rules (deploy/cms/src/utils/form-rules.js). Messages are Persian, per field.
 */
// First: zod's eval probe off before the schemas below are built (the Content-Security-Policy
// allows no eval). Here, not only in `@steel/shared/forms`'s index: an import of named exports
// from that side-effect-free index may skip it.
import '@steel/shared/zod-without-eval';
import { z } from 'zod';
import { WAREHOUSE_DAYS, WAREHOUSE_TONNES, todayInTehran } from '@steel/shared';
import {
  EMAIL,
  INVALID_EMAIL_MESSAGE,
  REQUIRED_MESSAGE,
  contactPhone,
  mobileNumber,
  requiredText,
  typedNumberField,
} from '@steel/shared/forms';

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);
const optionalEmail = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => value === '' || EMAIL.test(value), INVALID_EMAIL_MESSAGE);

const name = () => requiredText().max(100, 'نام طولانی است');
const message = () => requiredText().max(5000, 'پیام طولانی است؛ حداکثر ۵۰۰۰ نویسه');

/** `/contact-us`: a contact message. */
export const contactSchema = z.object({
  name: name(),
  phone: mobileNumber(),
  email: optionalEmail(),
  subject: optionalText(200, 'موضوع طولانی است'),
  message: message(),
});

/** `/export`: an export inquiry, stored as a contact message of kind `export`. */
export const exportInquirySchema = z.object({
  name: name(),
  company: optionalText(150, 'نام شرکت طولانی است'),
  phone: mobileNumber(),
  email: optionalEmail(),
  subject: requiredText().max(200, 'نام محصول طولانی است'),
  message: message(),
});

/** `/reserve_warehouse`: a warehouse reservation in the signed-in customer's records. */
export const warehouseReservationSchema = z.object({
  product_description: requiredText().max(300, 'شرح کالا طولانی است'),
  // The CMS holds a reservation to the same rules (deploy/cms/src/utils/form-rules.js).
  quantity_tonnes: typedNumberField(WAREHOUSE_TONNES),
  start_date: z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value), 'تاریخ معتبر نیست')
    .refine(
      (value) => value === '' || value >= todayInTehran() /* the earliest start a reservation may ask for */,
      'تاریخ شروع نمی‌تواند گذشته باشد',
    ),
  duration_days: typedNumberField({ ...WAREHOUSE_DAYS, optional: true }),
  city: optionalText(100, 'نام شهر طولانی است'),
  contact_phone: contactPhone,
  note: optionalText(2000, 'توضیحات طولانی است'),
});

export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;
export type ExportInquiryInput = z.input<typeof exportInquirySchema>;
export type ExportInquiryValues = z.output<typeof exportInquirySchema>;
export type WarehouseReservationInput = z.input<typeof warehouseReservationSchema>;
export type WarehouseReservationValues = z.output<typeof warehouseReservationSchema>;

export { REQUIRED_MESSAGE };
