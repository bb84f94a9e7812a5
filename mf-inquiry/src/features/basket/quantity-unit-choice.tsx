import { unitLabelFa } from '@steel/shared';
import type { SlotProduct } from '@steel/contract';
import { quantityUnit } from './line-figures';

const choice =
  'min-h-11 min-w-11 px-3 text-sm font-medium focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:opacity-60';
const chosen = 'bg-primary-700 text-white dark:bg-primary-300 dark:text-slate-950';
const notChosen =
  'bg-white text-slate-800 hover:bg-slate-100 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * The unit a quantity is typed in, for a product sold by the piece of a known weight: its sale unit
 * («شاخه») or tonnes («تن»). Two buttons, the chosen one pressed (`aria-pressed`), in a group named
 * for the product: a keyboard reaches each with Tab and presses it with Enter or Space.
 */
export function QuantityUnitChoice({
  product,
  inTonnes,
  onChange,
  disabled,
}: {
  product: SlotProduct;
  inTonnes: boolean;
  onChange: (inTonnes: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div
      role="group"
      aria-label={`واحد مقدار «${product.name}»`}
      className="inline-flex self-start overflow-hidden rounded-md border border-slate-300 dark:border-slate-600"
      data-quantity-unit-choice
    >
      {[false, true].map((tonnes) => (
        <button
          key={String(tonnes)}
          type="button"
          aria-pressed={inTonnes === tonnes}
          disabled={disabled}
          onClick={() => onChange(tonnes)}
          className={`${choice} ${inTonnes === tonnes ? chosen : notChosen}`}
        >
          {tonnes ? 'تن' : unitLabelFa(quantityUnit(product))}
        </button>
      ))}
    </div>
  );
}
