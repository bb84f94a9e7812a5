import type { InputHTMLAttributes } from 'react';

/** A quantity in a sale unit: a number keyboard on phones, decimals allowed (tonnes, metres). */
export function QuantityInput(
  props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'step'>,
) {
  return (
    <input
      type="number"
      inputMode="decimal"
      min="0"
      step="any"
      {...props}
      className={`rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900 ${props.className ?? ''}`}
    />
  );
}
