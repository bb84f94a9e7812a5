import type { z } from 'zod';
import {
  MESSAGES,
  PASSWORD_RULES,
  changePasswordSchema,
  forgotPasswordSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
  signInSchema,
} from './auth-schemas';

/** `field: message` of every issue, in order. */
function issues(schema: z.ZodType, values: unknown): string[] {
  const result = schema.safeParse(values);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('sign-in form', () => {
  it('sends a mobile typed in Persian digits with Latin ones, and e-mails and usernames as typed', () => {
    expect(signInSchema.parse({ identifier: ' ۰۹۱۲ ۱۲۳ ۴۵۶۷ ', password: 'x' }).identifier).toBe('09121234567');
    expect(signInSchema.parse({ identifier: '+98 912 123 4567', password: 'x' }).identifier).toBe('09121234567');
    expect(signInSchema.parse({ identifier: ' demo@example.com ', password: ' p ' })).toEqual({
      identifier: 'demo@example.com',
      password: ' p ',
    });
    expect(signInSchema.parse({ identifier: 'demo', password: 'x' }).identifier).toBe('demo');
  });

  it('needs both fields', () => {
    expect(issues(signInSchema, { identifier: '  ', password: '' })).toEqual([
      `identifier: ${MESSAGES.required}`,
      `password: ${MESSAGES.required}`,
    ]);
  });
});

describe('register form', () => {
  const valid = { username: 'reza', email: 'Reza@Example.com', mobile: '۰۹۳۵۱۱۱۲۲۳۳', password: 'Secret123' };

  it('normalises the e-mail and the mobile', () => {
    expect(registerSchema.parse(valid)).toEqual({
      username: 'reza',
      email: 'reza@example.com',
      mobile: '09351112233',
      password: 'Secret123',
    });
  });

  it('says in Persian what is wrong with each field', () => {
    expect(issues(registerSchema, { username: 'ab', email: 'not-mail', mobile: '0912', password: 'short' })).toEqual([
      `username: ${MESSAGES.usernameLength}`,
      `email: ${MESSAGES.invalidEmail}`,
      `mobile: ${MESSAGES.invalidMobile}`,
      `password: ${MESSAGES.passwordRules}`,
    ]);
    expect(issues(registerSchema, { ...valid, username: '۰۹۱۲۰۰۰۰۰۰۰' })).toEqual([
      `username: ${MESSAGES.usernameIsMobile}`,
    ]);
  });

  it('checks each password rule the page shows', () => {
    const passing = (password: string) => PASSWORD_RULES.filter((rule) => rule.test(password)).map((rule) => rule.id);
    expect(passing('')).toEqual([]);
    expect(passing('abcdefgh')).toEqual(['length', 'letter']);
    expect(passing('Demo1234!')).toEqual(['length', 'letter', 'digit']);
    expect(issues(registerSchema, { ...valid, password: '12345678' })).toEqual([`password: ${MESSAGES.passwordRules}`]);
  });
});

describe('password recovery and change', () => {
  it('forgot password needs a valid e-mail', () => {
    expect(issues(forgotPasswordSchema, { email: 'x' })).toEqual([`email: ${MESSAGES.invalidEmail}`]);
    expect(forgotPasswordSchema.parse({ email: ' A@B.ir ' })).toEqual({ email: 'a@b.ir' });
  });

  it('reset and change want the confirmation to match, reported on the confirmation', () => {
    expect(issues(resetPasswordSchema, { password: 'Newpass123', passwordConfirmation: 'Newpass124' })).toEqual([
      `passwordConfirmation: ${MESSAGES.passwordMismatch}`,
    ]);
    expect(
      issues(changePasswordSchema, { currentPassword: '', password: 'Newpass123', passwordConfirmation: 'Newpass123' }),
    ).toEqual([`currentPassword: ${MESSAGES.required}`]);
    expect(
      changePasswordSchema.parse({
        currentPassword: 'Demo1234!',
        password: 'Newpass123',
        passwordConfirmation: 'Newpass123',
      }).password,
    ).toBe('Newpass123');
  });
});

describe('profile form', () => {
  it('validates like registration; an empty mobile means none', () => {
    expect(profileSchema.parse({ username: 'demo', email: 'demo@example.com', mobile: '' }).mobile).toBeNull();
    expect(profileSchema.parse({ username: 'demo', email: 'demo@example.com', mobile: '۰۹۱۲۱۲۳۴۵۶۷' }).mobile).toBe(
      '09121234567',
    );
    expect(issues(profileSchema, { username: 'demo', email: 'demo@example.com', mobile: '12' })).toEqual([
      `mobile: ${MESSAGES.invalidMobile}`,
    ]);
  });
});
