import { z } from 'zod';
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_MOBILE_MESSAGE,
  REQUIRED_MESSAGE,
  emailAddress,
  isMobileNumber,
  mobileNumber,
  normaliseMobile,
  requiredText,
} from '@steel/shared/forms';
import { toLatinDigits } from '@steel/shared';

export { isMobileNumber, normaliseMobile };

/**
 * One schema per account form (sign-in, register, forgot and reset password, change password,
 * profile), with the Persian messages of (data/domain/persian-ui.md, "Authentication") and
 * (data/domain/persian-ui.md, "Errors and messages"). The pages validate with them through
 * react-hook-form and the tests read the same objects.
 */
export const MESSAGES = {
  required: REQUIRED_MESSAGE,
  invalidMobile: INVALID_MOBILE_MESSAGE,
  invalidEmail: INVALID_EMAIL_MESSAGE,
  passwordMismatch: 'رمز عبور و تکرار آن یکسان نیستند',
  usernameLength: 'نام کاربری باید بین ۳ تا ۵۰ نویسه باشد',
  usernameIsMobile: 'نام کاربری نمی‌تواند شماره موبایل باشد',
  passwordRules: 'رمز عبور همه شرط‌های زیر را ندارد',
  invalidCode: 'کد ورود ۶ رقم است',
} as const;

/** The password rules, shown as the customer types (register, reset, change password). */
export const PASSWORD_RULES = [
  { id: 'length', label: 'دست‌کم ۸ نویسه', test: (password: string) => password.length >= 8 },
  { id: 'letter', label: 'دست‌کم یک حرف انگلیسی', test: (password: string) => /[A-Za-z]/.test(password) },
  { id: 'digit', label: 'دست‌کم یک رقم', test: (password: string) => /[0-9\u06F0-\u06F9]/.test(password) },
] as const;

const required = requiredText;
/** Passwords are sent exactly as typed: never trimmed, never digit-converted. */
const anyPassword = () => z.string({ error: MESSAGES.required }).min(1, MESSAGES.required);
const newPassword = () =>
  anyPassword().refine((password) => PASSWORD_RULES.every((rule) => rule.test(password)), MESSAGES.passwordRules);
const email = emailAddress;
const mobile = mobileNumber;
const username = () =>
  required()
    .min(3, MESSAGES.usernameLength)
    .max(50, MESSAGES.usernameLength)
    .refine((value) => !isMobileNumber(value), MESSAGES.usernameIsMobile);

/** Sign in with an e-mail, a username or a mobile number (sent with Latin digits). */
export const signInSchema = z.object({
  identifier: required().transform((value) => (isMobileNumber(value) ? normaliseMobile(value) : value)),
  password: anyPassword(),
});

/** Sign in with a code by SMS, first step: the mobile number (any digits, +98 forms; sent as 09xxxxxxxxx). */
export const signInCodeMobileSchema = z.object({ mobile: mobile() });

/** Second step: the 6-digit code of the SMS, typed in Persian or Latin digits, sent in Latin. */
export const signInCodeSchema = z.object({
  code: required()
    .transform((value) => toLatinDigits(value).replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, MESSAGES.invalidCode)),
});

export const registerSchema = z.object({
  username: username(),
  email: email(),
  mobile: mobile(),
  password: newPassword(),
});

export const forgotPasswordSchema = z.object({ email: email() });

const matching = <T extends { password: string; passwordConfirmation: string }>(values: T) =>
  values.password === values.passwordConfirmation;
const mismatch = { message: MESSAGES.passwordMismatch, path: ['passwordConfirmation'] };

export const resetPasswordSchema = z
  .object({ password: newPassword(), passwordConfirmation: anyPassword() })
  .refine(matching, mismatch);

export const changePasswordSchema = z
  .object({ currentPassword: anyPassword(), password: newPassword(), passwordConfirmation: anyPassword() })
  .refine(matching, mismatch);

/** Profile: as at registration, but a customer without a mobile (social sign-in) may keep none. */
export const profileSchema = z.object({
  username: username(),
  email: email(),
  mobile: z.union([z.literal('').transform(() => null), mobile()]),
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignInCodeMobileInput = z.input<typeof signInCodeMobileSchema>;
export type SignInCodeInput = z.input<typeof signInCodeSchema>;
export type RegisterInput = z.input<typeof registerSchema>;
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ProfileInput = z.input<typeof profileSchema>;
