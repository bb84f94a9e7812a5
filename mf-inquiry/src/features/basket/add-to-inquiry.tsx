import { useRef, useState } from 'react';
import { ClipboardPlus } from 'lucide-react';
import { NumberField, formatNumber, unitLabelFa, useHydrated, useShell } from '@steel/shared';
import type { SlotProps } from '@steel/contract';
import { addToBasket, MAX_BASKET_LINES } from './basket-store';
import { quantityUnit } from './line-figures';
import { useBasket } from './use-basket';
import { readBasketQuantity } from './basket-quantity';
import { QuantityUnitChoice } from './quantity-unit-choice';
import { kgPerPiece, piecesInTonnes, quantityHint, quantityText } from './tonnes';

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
 * The quantity is read by the kit's one reader and held to an inquiry's limits: a figure it cannot
 * read, or past a line's or an inquiry's weight, is said beside the field and nothing is added.
 * A product sold by the piece of a known weight may be asked for in tonnes too: the basket gets the
 * whole pieces they come to, rounded up, and the field says both.
 */
export function AddToInquiry({ product }: SlotProps['product.actions']) {
  const [quantity, setQuantity] = useState('1');
  const [inTonnes, setInTonnes] = useState(false);
  const add = useAdd(product);
  // Rendered on the server with the product page: until its code runs, a press (or Enter) would
  // submit the form natively, reloading the page with the quantity in its address.
  const hydrated = useHydrated();
  const basket = useBasket();
  const inBasket = basket.find((line) => line.product.slug === product.slug);
  const inputRef = useRef<HTMLInputElement>(null);
  const reading = readBasketQuantity(quantity, product, basket, { adding: true, inTonnes });
  const unit = unitLabelFa(quantityUnit(product));
  // Kilograms in a piece where the buyer may type tonnes; null where no choice is offered.
  const kg = kgPerPiece(product);
  return (
    <form
      className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label="افزودن به استعلام قیمت"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (reading.value === undefined) inputRef.current?.focus();
        else add(reading.value);
      }}
    >
      {kg !== null && (
        <QuantityUnitChoice
          product={product}
          inTonnes={inTonnes}
          disabled={!hydrated}
          onChange={(tonnes) => {
            // The figure follows the unit while it reads; a wrong one stays as typed, to be mended.
            if (reading.value !== undefined) setQuantity(quantityText(product, reading.value, tonnes));
            setInTonnes(tonnes);
          }}
        />
      )}
      <div className="flex flex-wrap items-start gap-2">
        <NumberField
          ref={inputRef}
          label={`مقدار (${inTonnes ? 'تن' : unit})`}
          name="quantity"
          value={quantity}
          onValueChange={setQuantity}
          error={reading.error}
          labelClassName="w-40"
          hint={reading.value === undefined ? null : quantityHint(product, reading.value, reading.tonnes)}
        />
        <button type="submit" className={`${button} mt-6`} disabled={!hydrated}>
          <ClipboardPlus aria-hidden="true" className="size-4" />
          افزودن به استعلام
        </button>
      </div>
      {inBasket && (
        <p className="text-sm text-emerald-700 dark:text-emerald-400">
          در سبد استعلام:{' '}
          {kg !== null ? piecesInTonnes(inBasket.quantity, kg, product) : `${formatNumber(inBasket.quantity)} ${unit}`}
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
