import { useId, useState } from 'react';
import { ClipboardPlus } from 'lucide-react';
import { formatNumber, formatToman, unitLabelFa, useHydrated, useShell } from '@steel/shared';
import type { SlotProps } from '@steel/contract';
import { addToBasket, MAX_BASKET_LINES } from './basket-store';
import { lineFigures, quantityUnit } from './line-figures';
import { useBasket } from './use-basket';
import { QuantityInput } from './quantity-input';

const button =
  'inline-flex items-center justify-center gap-2 rounded-md border border-primary-600 px-3 py-2 text-sm font-semibold text-primary-700 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 dark:text-primary-300 dark:hover:bg-slate-800';

function useAdd(product: SlotProps['product.actions']['product']) {
  const { bus } = useShell();
  return (quantity: number) => {
    const added = addToBasket(product, quantity);
    bus.emit('toast:add', {
      title: added ? 'به سبد استعلام افزوده شد' : 'سبد استعلام پر است',
      description: added
        ? `«${product.name}»، ${formatNumber(quantity)} ${unitLabelFa(quantityUnit(product))}`
        : `سبد استعلام حداکثر ${formatNumber(MAX_BASKET_LINES)} قلم دارد؛ پیش از افزودن، استعلام فعلی را بفرستید.`,
      color: added ? 'success' : 'error',
      actions: [{ label: 'مشاهده سبد استعلام', href: '/inquiry' }],
    });
  };
}

/**
 * «افزودن به استعلام» on a product page: a quantity in the product's sale unit, with its weight
 * and indicative total as the product page computes them, added to the basket kept in the browser.
 */
export function AddToInquiry({ product }: SlotProps['product.actions']) {
  const [quantity, setQuantity] = useState('1');
  const add = useAdd(product);
  // Rendered on the server with the product page: until its code runs, a press (or Enter) would
  // submit the form natively, reloading the page with the quantity in its address.
  const hydrated = useHydrated();
  const inBasket = useBasket().find((line) => line.product.slug === product.slug);
  const id = useId();
  const amount = Number(quantity);
  const valid = Number.isFinite(amount) && amount > 0 && amount <= 100_000;
  const figures = valid ? lineFigures(product, amount) : null;
  const unit = unitLabelFa(quantityUnit(product));
  return (
    <form
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label="افزودن به استعلام قیمت"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) add(amount);
      }}
    >
      <div className="flex items-end gap-2">
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-quantity`}>
          مقدار ({unit})
          <QuantityInput
            id={`${id}-quantity`}
            name="quantity"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
            aria-invalid={!valid}
            aria-describedby={`${id}-figures`}
            className="w-28"
          />
        </label>
        <button type="submit" className={button} disabled={!valid || !hydrated}>
          <ClipboardPlus aria-hidden="true" className="size-4" />
          افزودن به استعلام
        </button>
      </div>
      <p id={`${id}-figures`} className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {!valid
          ? 'مقداری بزرگ‌تر از صفر وارد کنید.'
          : [
              figures?.kg != null ? `وزن ≈ ${formatNumber(Math.round(figures.kg))} کیلوگرم` : null,
              figures?.rial != null ? `جمع تقریبی ${formatToman(figures.rial)} (نمایشی)` : 'قیمت با استعلام',
            ]
              .filter(Boolean)
              .join('، ')}
      </p>
      {inBasket && (
        <p className="text-sm text-emerald-700 dark:text-emerald-400">
          در سبد استعلام: {formatNumber(inBasket.quantity)} {unit}
        </p>
      )}
    </form>
  );
}

/** The same, on a listing row: one sale unit at a press (the quantity is set in the basket). */
export function AddRowToInquiry({ product }: SlotProps['listing.row']) {
  const add = useAdd(product);
  const hydrated = useHydrated();
  const inBasket = useBasket().some((line) => line.product.slug === product.slug);
  return (
    <button
      type="button"
      className={button}
      onClick={() => add(1)}
      disabled={!hydrated}
      aria-label={`افزودن «${product.name}» به استعلام`}
    >
      <ClipboardPlus aria-hidden="true" className="size-4" />
      {inBasket ? 'یکی دیگر به استعلام' : 'افزودن به استعلام'}
    </button>
  );
}
