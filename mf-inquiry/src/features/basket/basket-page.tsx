import { lazy, Suspense, useCallback, useState } from 'react';
import { Trash2 } from 'lucide-react';
import {
  ColumnHeads,
  Link,
  NumberField,
  inquiryWeight,
  PageHeader,
  formatNumber,
  formatToman,
  loginUrlFor,
  unitLabelFa,
  useHydrated,
  useSessionUser,
  TableScroller,
  type PageDefinition,
} from '@steel/shared';
import { removeFromBasket, setQuantity, type BasketLine } from './basket-store';
import { lineFigures, quantityUnit } from './line-figures';
import { useBasket } from './use-basket';
import { quantityItem, readBasketQuantity } from './basket-quantity';
import { QuantityUnitChoice } from './quantity-unit-choice';
import { inOtherUnit, kgPerPiece, quantityText } from './tonnes';
import { useFocusHeading } from '../../ui/use-focus-heading';

/**
 * One line: the quantity as typed (kept as typed while it is wrong, with the reason beside it; the
 * basket keeps the last good figure), its weight and indicative total, and its removal. On a phone
 * the row is a card (the table's head is then for screen readers only). A product sold by the piece
 * of a known weight may be typed in tonnes too; the basket keeps the pieces, the hint says both.
 */
function Line({
  line,
  basket,
  onValidity,
}: {
  line: BasketLine;
  basket: readonly BasketLine[];
  onValidity: (slug: string, error: string | null) => void;
}) {
  const { product, quantity } = line;
  const [text, setText] = useState(() => formatNumber(quantity));
  const [inTonnes, setInTonnes] = useState(false);
  const reading = readBasketQuantity(text, product, basket, { adding: false, inTonnes });
  const figures = lineFigures(product, quantity);
  const unit = unitLabelFa(quantityUnit(product));
  return (
    <tr className={phoneCard} data-inquiry-line={product.slug}>
      <th scope="row" className="p-3 text-start font-medium max-md:col-span-2 max-md:p-0">
        <Link to={product.path} className="text-primary-800 hover:underline dark:text-primary-300">
          {product.name}
        </Link>
        {product.producer && (
          <span className="block text-xs text-slate-500 dark:text-slate-400">{product.producer}</span>
        )}
      </th>
      <td className="p-3 max-md:col-span-2 max-md:p-0">
        <div className="flex flex-col gap-2">
          {kgPerPiece(product) !== null && (
            <QuantityUnitChoice
              product={product}
              inTonnes={inTonnes}
              onChange={(tonnes) => {
                // The figure the basket keeps, said in the other unit; switching changes no quantity.
                const next = quantityText(product, quantity, tonnes);
                setText(next);
                setInTonnes(tonnes);
                onValidity(
                  product.slug,
                  readBasketQuantity(next, product, basket, { adding: false, inTonnes: tonnes }).error ?? null,
                );
              }}
            />
          )}
          <NumberField
            label={
              <>
                <span className="sr-only">مقدار «{product.name}» </span>
                <span aria-hidden="true" className="md:sr-only">
                  مقدار{' '}
                </span>
                ({inTonnes ? 'تن' : unit})
              </>
            }
            value={text}
            onValueChange={(next) => {
              setText(next);
              const read = readBasketQuantity(next, product, basket, { adding: false, inTonnes });
              onValidity(product.slug, read.error ?? null);
              if (read.value !== undefined) setQuantity(product.slug, read.value);
            }}
            error={reading.error}
            hint={inOtherUnit(product, reading.value ?? quantity, reading.tonnes)}
            labelClassName="w-full min-w-28 md:w-32"
          />
        </div>
      </td>
      <td className={phoneFigure} data-label="وزن تقریبی">
        {figures.kg === null ? '—' : `${formatNumber(Math.round(figures.kg))} کیلوگرم`}
      </td>
      <td className={phoneFigure} data-label="جمع تقریبی (نمایشی)">
        {figures.rial === null ? 'با استعلام' : formatToman(figures.rial)}
      </td>
      <td className="p-3 max-md:col-span-2 max-md:p-0 max-md:text-end">
        <button
          type="button"
          onClick={() => {
            onValidity(product.slug, null);
            removeFromBasket(product.slug);
          }}
          className="inline-flex size-11 items-center justify-center rounded-md text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
          aria-label={`حذف «${product.name}» از سبد استعلام`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </td>
    </tr>
  );
}

// Below `md` each line is a card: the table, its body and rows become blocks and grids, and the
// figures say what they are (their column heads are for screen readers there).
const phoneTable = 'w-full text-sm max-md:block max-md:[&_tbody]:block max-md:[&_tfoot]:block';
const phoneCard =
  'border-t border-slate-200 dark:border-slate-700 max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:p-3 max-md:first:border-t-0';
const phoneFigure =
  'p-3 max-md:p-0 max-md:before:block max-md:before:text-xs max-md:before:font-normal max-md:before:text-slate-600 max-md:before:content-[attr(data-label)] dark:max-md:before:text-slate-300';

/** The send form and what it brings (react-hook-form, zod) load only for a signed-in buyer with a basket. */
const SendInquiryForm = lazy(() => import(/* webpackChunkName: "send-inquiry" */ './send-inquiry-form'));

const linkInText = 'text-primary-800 underline underline-offset-2 dark:text-primary-300';

/** Under the basket: the send form for a signed-in buyer, else the way to sign in and come back. */
function SendInquiry({ blockedBy }: { blockedBy: string | null }) {
  const user = useSessionUser();
  if (!user) {
    return (
      <p className="mt-6 rounded-md border border-slate-200 p-4 dark:border-slate-700" data-inquiry-sign-in>
        <Link to={loginUrlFor('/inquiry')} className={linkInText}>
          برای ارسال استعلام وارد شوید
        </Link>
        ؛ سبد شما پس از ورود در حساب کاربری‌تان نگه داشته می‌شود.
      </p>
    );
  }
  return (
    <Suspense fallback={<p role="status">در حال آماده‌سازی فرم ارسال…</p>}>
      <SendInquiryForm blockedBy={blockedBy} />
    </Suspense>
  );
}

/** For a signed-in buyer: where their sent inquiries are. */
function MyInquiriesLink() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <p>
      <Link to="/inquiry/requests" className={linkInText}>
        استعلام‌های من
      </Link>
    </p>
  );
}

function BasketPage() {
  const lines = useBasket();
  const hydrated = useHydrated();
  useFocusHeading();
  // Lines whose field holds what cannot be sent: the inquiry waits until each is mended.
  const [wrong, setWrong] = useState<Readonly<Record<string, string>>>({});
  const onValidity = useCallback((slug: string, error: string | null) => {
    setWrong(({ [slug]: _was, ...others }) => (error ? { ...others, [slug]: error } : others));
  }, []);
  const wrongNames = lines.filter((line) => wrong[line.product.slug]).map((line) => `«${line.product.name}»`);
  const weight = inquiryWeight(lines.map((line) => ({ item: quantityItem(line.product), quantity: line.quantity })));
  const blockedBy = wrongNames.length
    ? `مقدار ${wrongNames.join('، ')} را درست کنید؛ تا آن وقت استعلام فرستاده نمی‌شود.`
    : weight.error;
  // A figure the data cannot give for one line (no plain weight, no price) leaves the total unknown too.
  const totals = lines.reduce<{ kg: number | null; rial: number | null }>(
    (sum, line) => {
      const figures = lineFigures(line.product, line.quantity);
      return {
        kg: figures.kg === null || sum.kg === null ? null : sum.kg + figures.kg,
        rial: figures.rial === null || sum.rial === null ? null : sum.rial + figures.rial,
      };
    },
    { kg: 0, rial: 0 },
  );
  return (
    <section>
      <PageHeader title="سبد استعلام" breadcrumb={[{ label: 'سبد استعلام' }]}>
        <p className="text-slate-600 dark:text-slate-300">
          محصولاتی که برای استعلام قیمت برگزیده‌اید، با مقدار هر کدام به واحد فروش آن. قیمت‌ها نمایشی‌اند.
        </p>
        <MyInquiriesLink />
      </PageHeader>
      {!hydrated ? (
        <p role="status">در حال خواندن سبد استعلام…</p>
      ) : lines.length === 0 ? (
        <p className="rounded-md border border-slate-200 p-4 dark:border-slate-700">
          سبد استعلام شما خالی است. از صفحهٔ هر محصول یا فهرست محصولات «افزودن به استعلام» را بزنید.{' '}
          <Link to="/" className="text-primary-800 underline dark:text-primary-300">
            دیدن محصولات
          </Link>
        </p>
      ) : (
        <TableScroller bordered>
          <table className={phoneTable}>
            <caption className="sr-only">اقلام سبد استعلام، مقدار، وزن و جمع تقریبی</caption>
            <ColumnHeads
              shaded
              className="max-md:sr-only"
              columns={['محصول', 'مقدار', 'وزن تقریبی', 'جمع تقریبی (نمایشی)', <span className="sr-only">حذف</span>]}
            />
            <tbody>
              {lines.map((line) => (
                <Line key={line.product.slug} line={line} basket={lines} onValidity={onValidity} />
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300 font-semibold dark:border-slate-600">
              <tr className="max-md:grid max-md:grid-cols-2 max-md:gap-x-3 max-md:gap-y-2 max-md:p-3">
                <th scope="row" className="p-3 text-start max-md:col-span-2 max-md:p-0" colSpan={2}>
                  جمع ({formatNumber(lines.length)} قلم)
                </th>
                <td className={phoneFigure} data-label="وزن تقریبی">
                  {totals.kg === null ? '—' : `${formatNumber(Math.round(totals.kg))} کیلوگرم`}
                </td>
                <td className={phoneFigure} data-label="جمع تقریبی (نمایشی)" data-inquiry-total={totals.rial ?? ''}>
                  {totals.rial === null ? 'با استعلام' : formatToman(totals.rial)}
                </td>
                <td className="max-md:hidden" />
              </tr>
            </tfoot>
          </table>
        </TableScroller>
      )}
      {hydrated && weight.error && (
        <p role="alert" className="mt-3 text-sm text-error-700 dark:text-red-300">
          {weight.error}
        </p>
      )}
      {hydrated && lines.length > 0 && <SendInquiry blockedBy={blockedBy} />}
    </section>
  );
}

/** `/inquiry`: the basket. Rendered on the server as its frame; the lines are the browser's. */
export const basketPage: PageDefinition = {
  path: '/inquiry',
  guards: [],
  head: () => ({
    title: 'سبد استعلام',
    description: 'محصولاتی که برای استعلام قیمت برگزیده‌اید.',
    canonical: '/inquiry',
    noindex: true,
  }),
  Page: BasketPage,
};
