import { lazy, Suspense, useId } from 'react';
import { Trash2 } from 'lucide-react';
import {
  ColumnHeads,
  Link,
  PageHeader,
  formatNumber,
  formatToman,
  loginUrlFor,
  unitLabelFa,
  useHydrated,
  useSessionUser,
  type PageDefinition,
} from '@steel/shared';
import { removeFromBasket, setQuantity, type BasketLine } from './basket-store';
import { lineFigures, quantityUnit } from './line-figures';
import { useBasket } from './use-basket';
import { QuantityInput } from './quantity-input';
import { useFocusHeading } from '../../ui/use-focus-heading';

function Line({ line }: { line: BasketLine }) {
  const { product, quantity } = line;
  const id = useId();
  const figures = lineFigures(product, quantity);
  return (
    <tr className="border-t border-slate-200 dark:border-slate-700" data-inquiry-line={product.slug}>
      <th scope="row" className="p-3 text-start font-medium">
        <Link to={product.path} className="text-primary-800 hover:underline dark:text-primary-300">
          {product.name}
        </Link>
        {product.producer && (
          <span className="block text-xs text-slate-500 dark:text-slate-400">{product.producer}</span>
        )}
      </th>
      <td className="p-3">
        <label className="sr-only" htmlFor={`${id}-quantity`}>
          مقدار «{product.name}» ({unitLabelFa(quantityUnit(product))})
        </label>
        <QuantityInput
          id={`${id}-quantity`}
          defaultValue={quantity}
          // A value that is not a positive number is not kept: the line keeps its last good quantity.
          onChange={(event) => setQuantity(product.slug, Number(event.target.value))}
          className="w-24"
        />{' '}
        {unitLabelFa(quantityUnit(product))}
      </td>
      <td className="p-3">{figures.kg === null ? '—' : `${formatNumber(Math.round(figures.kg))} کیلوگرم`}</td>
      <td className="p-3">{figures.rial === null ? 'با استعلام' : formatToman(figures.rial)}</td>
      <td className="p-3">
        <button
          type="button"
          onClick={() => removeFromBasket(product.slug)}
          className="inline-flex size-10 items-center justify-center rounded-md text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-slate-800"
          aria-label={`حذف «${product.name}» از سبد استعلام`}
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </td>
    </tr>
  );
}

/** The send form and what it brings (react-hook-form, zod) load only for a signed-in buyer with a basket. */
const SendInquiryForm = lazy(() => import(/* webpackChunkName: "send-inquiry" */ './send-inquiry-form'));

const linkInText = 'text-primary-800 underline underline-offset-2 dark:text-primary-300';

/** Under the basket: the send form for a signed-in buyer, else the way to sign in and come back. */
function SendInquiry() {
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
      <SendInquiryForm />
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
        <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
          <table className="w-full text-sm">
            <caption className="sr-only">اقلام سبد استعلام، مقدار، وزن و جمع تقریبی</caption>
            <ColumnHeads
              shaded
              columns={['محصول', 'مقدار', 'وزن تقریبی', 'جمع تقریبی (نمایشی)', <span className="sr-only">حذف</span>]}
            />
            <tbody>
              {lines.map((line) => (
                <Line key={line.product.slug} line={line} />
              ))}
            </tbody>
            <tfoot className="border-t border-slate-300 font-semibold dark:border-slate-600">
              <tr>
                <th scope="row" className="p-3 text-start" colSpan={2}>
                  جمع ({formatNumber(lines.length)} قلم)
                </th>
                <td className="p-3">{totals.kg === null ? '—' : `${formatNumber(Math.round(totals.kg))} کیلوگرم`}</td>
                <td className="p-3" data-inquiry-total={totals.rial ?? ''}>
                  {totals.rial === null ? 'با استعلام' : formatToman(totals.rial)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {hydrated && lines.length > 0 && <SendInquiry />}
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
