import type { NumberReading, NumberRule } from '../numbers/typed-number.cjs';
import type { QuantityItem } from './sale-unit-weight.cjs';

export declare const LINE_MAX_KG: number;
export declare const INQUIRY_MAX_KG: number;
export declare const LINE_MAX_UNITS: number;
export declare const QUANTITY_DECIMALS: number;

export interface LineRuleOptions {
  /** Names the field in messages (default «مقدار»). */
  label?: string;
  /** What the basket already holds of the product, in its sale unit. */
  alreadyAsked?: number;
}
/** The rule a line's quantity is read by: in the sale unit, with the weight its maximum is. */
export declare function lineQuantityRule(item: QuantityItem, options?: LineRuleOptions): NumberRule;
export declare function readLineQuantity(input: unknown, item: QuantityItem, options?: LineRuleOptions): NumberReading;
/** What lines weigh, whether each could be weighed, and the refusal past an inquiry's maximum. */
export declare function inquiryWeight(lines: ReadonlyArray<{ item: QuantityItem; quantity: number | string }>): {
  kg: number;
  complete: boolean;
  error: string | null;
};
