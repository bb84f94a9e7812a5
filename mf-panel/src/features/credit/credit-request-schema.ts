import { z } from 'zod';
import { CREDIT_AMOUNT_RIAL, persianFigure } from '@steel/shared';
import { requiredText, typedNumberField } from '@steel/shared/forms';

const MAX_DESCRIPTION = 2000;

/** What of the CMS's credit terms a request is held to. */
export interface CreditTermChoices {
  min_amount_rial: number | string;
  max_amount_rial: number | string;
  term_months: number[];
  guarantees: Array<{ value: string; label: string }>;
}

/**
 * A credit request under the CMS's terms (the CMS checks the same): an amount in rial within the
 * terms' range (Persian digits and «٬» read), one of the terms offered, at least one of the
 * guarantees offered, a description of the documents. One schema per terms, shared with its tests.
 */
export function creditRequestSchema(terms: CreditTermChoices) {
  const termMessage = `مدت بازپرداخت را انتخاب کنید: ${terms.term_months.map((m) => `${persianFigure(m)} ماه`).join('، ')}.`;
  const offered = terms.guarantees.map((guarantee) => guarantee.value);
  return z.object({
    amount_rial: typedNumberField({
      ...CREDIT_AMOUNT_RIAL,
      aboveZero: false,
      min: Number(terms.min_amount_rial),
      max: Number(terms.max_amount_rial),
    }),
    // A radio group's value is its input's text (or nothing when none is chosen).
    term_months: z
      .unknown()
      .transform((value) => Number(value))
      .refine((months) => terms.term_months.includes(months), termMessage),
    // Unchecked boxes leave nothing; a checked one its value.
    guarantees: z
      .array(z.string())
      .catch([])
      .refine(
        (chosen) => chosen.length > 0 && chosen.every((value) => offered.includes(value)),
        'دست‌کم یک تضمین انتخاب کنید.',
      ),
    documents_description: requiredText().max(
      MAX_DESCRIPTION,
      `شرح مدارک حداکثر ${persianFigure(MAX_DESCRIPTION)} نویسه است.`,
    ),
  });
}

export type CreditRequestInput = z.input<ReturnType<typeof creditRequestSchema>>;
export type CreditRequestValues = z.output<ReturnType<typeof creditRequestSchema>>;
