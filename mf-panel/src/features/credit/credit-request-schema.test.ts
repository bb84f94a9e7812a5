import fs from 'node:fs';
import path from 'node:path';
import { creditRequestSchema } from './credit-request-schema';
import type { CreditTerms } from './api/credit-queries';

// The terms the CMS seeds: the form checks what the CMS checks (deploy/cms/tests/credit.test.js).
const TERMS = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../data/domain/credit-terms.json'), 'utf8')) as {
    credit_setting: CreditTerms;
  }
).credit_setting;

const messages = (values: Record<string, unknown>) =>
  creditRequestSchema(TERMS)
    .safeParse(values)
    .error?.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);

describe('a credit request', () => {
  it('reads Persian digits and separators in the amount, the term from its radio', () => {
    expect(
      creditRequestSchema(TERMS).parse({
        amount_rial: '۲٬۵۰۰٬۰۰۰٬۰۰۰',
        term_months: '3',
        guarantees: ['cheque', 'bank_guarantee'],
        documents_description: '  گردش حساب  ',
      }),
    ).toEqual({
      amount_rial: 2_500_000_000,
      term_months: 3,
      guarantees: ['cheque', 'bank_guarantee'],
      documents_description: 'گردش حساب',
    });
  });

  it('names every problem in Persian: the amount outside the terms, no term, no guarantee, no documents', () => {
    expect(messages({ amount_rial: '1000', term_months: null, guarantees: false, documents_description: ' ' })).toEqual(
      [
        'amount_rial: مبلغ اعتبار دست‌کم ۵۰۰٬۰۰۰٬۰۰۰ ریال است.',
        'term_months: مدت بازپرداخت را انتخاب کنید: ۱ ماه، ۲ ماه، ۳ ماه، ۶ ماه.',
        'guarantees: دست‌کم یک تضمین انتخاب کنید.',
        'documents_description: این فیلد الزامی است',
      ],
    );
    expect(
      messages({ amount_rial: '60000000000', term_months: '5', guarantees: ['cheque'], documents_description: 'x' }),
    ).toEqual([
      'amount_rial: مبلغ اعتبار حداکثر ۵۰٬۰۰۰٬۰۰۰٬۰۰۰ ریال است.',
      'term_months: مدت بازپرداخت را انتخاب کنید: ۱ ماه، ۲ ماه، ۳ ماه، ۶ ماه.',
    ]);
    expect(
      messages({ amount_rial: '1e9', term_months: '1', guarantees: ['gold'], documents_description: 'x' }),
    ).toEqual([
      'amount_rial: مبلغ اعتبار را با همهٔ رقم‌هایش بنویسید؛ نماد علمی (e) پذیرفته نیست.',
      'guarantees: دست‌کم یک تضمین انتخاب کنید.',
    ]);
  });
});
