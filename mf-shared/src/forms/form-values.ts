// zod's eval probe off before any schema here is built (an import of this module may skip the index).
import './zod-without-eval';
import { z } from 'zod';
import { toLatinDigits } from '@steel/shared/remote-core';
import { readTypedNumber, type NumberRule } from '../numbers/typed-number.cjs';

/**
 * Persian messages every form uses (data/domain/persian-ui.md, "Authentication") and
 * (data/domain/persian-ui.md, "Errors and messages").
 */
export const REQUIRED_MESSAGE = 'این فیلد الزامی است';
export const INVALID_MOBILE_MESSAGE = 'شماره موبایل معتبر نیست';
export const INVALID_EMAIL_MESSAGE = 'نشانی ایمیل معتبر نیست';

const MOBILE = /^09\d{9}$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** «۰۹۱۲ ۱۲۳ ۴۵۶۷», "+98 912 1234567" → "09121234567"; anything else comes back trimmed. */
export function normaliseMobile(value: string): string {
  const compact = toLatinDigits(value).replace(/[\s\-()\u200c]/g, '');
  const national = compact.replace(/^(\+98|0098|98)(?=9\d{9}$)/, '0');
  return MOBILE.test(national) ? national : value.trim();
}

export const isMobileNumber = (value: string) => MOBILE.test(normaliseMobile(value));

/** A required, trimmed text field. */
export const requiredText = () => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE);

/** An Iranian mobile number typed with Persian or Latin digits, sent as 09xxxxxxxxx. */
export const mobileNumber = () =>
  requiredText().transform(normaliseMobile).pipe(z.string().regex(MOBILE, INVALID_MOBILE_MESSAGE));

/** A required e-mail address, lower-cased. */
export const emailAddress = () => requiredText().toLowerCase().regex(EMAIL, INVALID_EMAIL_MESSAGE);

/**
 * A form field holding a number a person typed, read by the kit's one reader (`readTypedNumber`:
 * Persian, Arabic-Indic or Latin digits, «٫»/«.», «٬»/«,» between thousands, nothing else) and
 * held to `rule`; its Persian sentence is the field's error. An optional rule reads an empty
 * field as undefined.
 */
export function typedNumberField(rule: NumberRule & { optional: true }): z.ZodType<number | undefined, unknown>;
export function typedNumberField(rule: NumberRule): z.ZodType<number, unknown>;
export function typedNumberField(rule: NumberRule): z.ZodType<number | undefined, unknown> {
  const field = z.unknown().transform((input, context) => {
    const reading = readTypedNumber(input, rule);
    if (reading.error === undefined) return reading.value;
    context.addIssue({ code: 'custom', message: reading.error });
    return z.NEVER;
  });
  // Optional in zod's sense too, or a field left out of the values would be refused before it is read.
  return rule.optional ? field.optional() : field;
}

/** A landline or mobile number with its area code: 11 digits starting with 0. */
export const contactPhone = z.preprocess(
  (value) => (typeof value === 'string' ? toLatinDigits(value).replace(/[\s-]/g, '') : value),
  z
    .string({ error: REQUIRED_MESSAGE })
    .min(1, REQUIRED_MESSAGE)
    .regex(/^0\d{10}$/, 'شماره تماس را با کد شهر یا به شکل ۰۹xxxxxxxxx وارد کنید'),
);
