/** Why a text spells no number (typed-number.cjs). */
export type TypedNumberProblem = 'empty' | 'spaces' | 'exponent' | 'grouping' | 'notNumber';

/** What a field accepts, and how its messages name it. */
export interface NumberRule {
  /** The field as a Persian sentence names it: «مقدار», «حجم درخواستی». */
  label: string;
  /** Said after figures in messages: «تن», «شاخه», «تومان». */
  unit?: string;
  max: number;
  /** The smallest value allowed (inclusive). */
  min?: number;
  /** More than zero (the usual rule for a quantity or a price). */
  aboveZero?: boolean;
  /** Most decimal places; 0 for a whole number. Default 3. */
  decimals?: number;
  /** An empty field reads as undefined instead of being refused. */
  optional?: boolean;
  /** Said after the maximum, e.g. « (≈ ۲٬۰۰۰ تن)». */
  maxNote?: string;
}

export type NumberReading =
  | { value: number | undefined; problem?: undefined; error?: undefined }
  | {
      value?: undefined;
      problem: TypedNumberProblem | 'belowMin' | 'aboveMax' | 'decimals';
      /** A Persian sentence naming the field. */
      error: string;
    };

export declare function parseTypedNumber(input: unknown): { value: number } | { problem: TypedNumberProblem };
export declare function readTypedNumber(input: unknown, rule: NumberRule): NumberReading;
/** A figure as the site writes it: «۱۲٬۵۰۰٫۲۵». */
export declare function persianFigure(value: number): string;
