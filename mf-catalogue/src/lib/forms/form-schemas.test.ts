/**
 * @jest-environment node
 */
import type { z } from 'zod';
import { todayInTehran } from '@steel/shared';
import { contactSchema, exportInquirySchema, warehouseReservationSchema } from './form-schemas';

const issues = (schema: z.ZodType, values: unknown) => {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).sort();
};

describe('contact form schema', () => {
  const valid = { name: 'مریم', phone: '۰۹۱۲ ۳۴۵ ۶۷۸۹', email: '', subject: '', message: 'قیمت میلگرد؟' };

  it('accepts a mobile number with Persian or Latin digits and sends it as 09xxxxxxxxx', () => {
    expect(contactSchema.parse(valid).phone).toBe('09123456789');
    expect(contactSchema.parse({ ...valid, phone: '+98 912 345 6789' }).phone).toBe('09123456789');
  });

  it('says in Persian what is missing or wrong, per field', () => {
    expect(issues(contactSchema, { name: ' ', phone: '۱۲۳', email: 'x@', subject: '', message: '' })).toEqual([
      'email: نشانی ایمیل معتبر نیست',
      'message: این فیلد الزامی است',
      'name: این فیلد الزامی است',
      'phone: شماره موبایل معتبر نیست',
    ]);
  });
});

describe('export inquiry schema', () => {
  it('needs the product asked about; company and e-mail are optional', () => {
    const values = { name: 'Ali', company: '', phone: '09121112233', email: '', subject: '', message: '۵۰۰ تن' };
    expect(issues(exportInquirySchema, values)).toEqual(['subject: این فیلد الزامی است']);
    expect(exportInquirySchema.parse({ ...values, subject: 'میلگرد' }).subject).toBe('میلگرد');
  });
});

describe('warehouse reservation schema', () => {
  const valid = {
    product_description: 'تیرآهن ۱۴',
    quantity_tonnes: '۱۲٫۵',
    start_date: '',
    duration_days: '',
    city: '',
    contact_phone: '۰۲۱-۱۲۳۴۵۶۷۸',
    note: '',
  };

  it('reads Persian digits in quantities and phones', () => {
    const parsed = warehouseReservationSchema.parse(valid);
    expect(parsed.quantity_tonnes).toBe(12.5);
    expect(parsed.contact_phone).toBe('02112345678');
    expect(parsed.duration_days).toBeUndefined();
  });

  it('refuses no quantity, a past start and a duration out of range, in Persian', () => {
    expect(
      issues(warehouseReservationSchema, {
        ...valid,
        quantity_tonnes: '0',
        start_date: '2000-01-01',
        duration_days: '400',
      }),
    ).toEqual([
      'duration_days: مدت نگهداری حداکثر ۳۶۵ روز است.',
      'quantity_tonnes: مقدار باید بیشتر از صفر باشد.',
      'start_date: تاریخ شروع نمی‌تواند گذشته باشد',
    ]);
    expect(issues(warehouseReservationSchema, { ...valid, start_date: todayInTehran() })).toEqual([]);
  });
});
