import { useId, useState, type FormEvent } from 'react';
import { BellRing, LoaderCircle } from 'lucide-react';
import {
  Link,
  formatToman,
  loginUrlFor,
  unitLabelFa,
  useHydrated,
  useSessionUser,
  useShell,
  useSingleFlight,
} from '@steel/shared';
import type { SlotProps } from '@steel/contract';
import { alertErrorMessage, alertKey, type PriceAlert } from './alert-queries';
import { readThreshold } from './threshold';

type Outcome = { tone: 'error' | 'success'; text: string } | null;

const submitButton =
  'inline-flex items-center justify-center gap-2 rounded-md bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-wait disabled:opacity-70';
const linkInText = 'text-primary-700 underline underline-offset-2 dark:text-primary-300';

/**
 * «خبرم کن وقتی قیمت کمتر از … شد» on a product page: a disclosure with a toman figure. Signed
 * out (and on the server, which renders for nobody): a link to sign in and come back to this page.
 * Signed in: the alert is set (or its figure changed: one alert per product) in the CMS, which
 * tells the buyer in the panel and by mail when the price falls to it. A refusal is said in
 * Persian and the figure stays as typed.
 */
export function PriceAlertForm({ product }: SlotProps['product.actions']) {
  const { api, queryClient, session } = useShell();
  const user = useSessionUser();
  const hydrated = useHydrated();
  const once = useSingleFlight();
  const id = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const unit = unitLabelFa(product.unit);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reading = readThreshold(value, product.price);
    if ('error' in reading) {
      setOutcome({ tone: 'error', text: reading.error });
      return;
    }
    void once(async () => {
      setBusy(true);
      try {
        const saved = await api.create<PriceAlert>('price-alerts', {
          product_slug: product.slug,
          below_price: reading.rial,
        });
        setOutcome({
          tone: 'success',
          text: `ثبت شد: وقتی قیمت به ${formatToman(saved.data.below_price)} برای هر ${unit} یا کمتر برسد، در پنل و با ایمیل خبرتان می‌کنیم.`,
        });
        await queryClient.invalidateQueries({ queryKey: alertKey(session, 'price-alerts') });
      } catch (error) {
        setOutcome({ tone: 'error', text: alertErrorMessage(error) });
      } finally {
        setBusy(false);
      }
    });
  };

  return (
    <details className="group rounded-md border border-slate-200 p-3 dark:border-slate-700" data-price-alert>
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-primary-800 dark:text-primary-300">
        <BellRing aria-hidden="true" className="size-4" />
        خبرم کن وقتی قیمت کمتر از … شد
      </summary>
      {!user ? (
        <p className="mt-2 text-sm">
          برای گذاشتن اعلان قیمت{' '}
          <Link to={loginUrlFor(product.path)} className={linkInText}>
            وارد حساب خود شوید
          </Link>
          ؛ پس از ورود به همین صفحه بازمی‌گردید.
        </p>
      ) : (
        <form
          className="mt-2 flex flex-col gap-2"
          aria-label={`اعلان قیمت «${product.name}»`}
          onSubmit={submit}
          noValidate
        >
          <div className="flex flex-wrap items-end gap-2">
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-below`}>
              قیمت کمتر از (تومان برای هر {unit})
              <input
                id={`${id}-below`}
                name="below_toman"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                dir="ltr"
                value={value}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={outcome?.tone === 'error'}
                aria-describedby={`${id}-hint ${id}-outcome`}
                className="w-40 rounded-md border border-slate-300 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
              />
            </label>
            <button type="submit" className={submitButton} disabled={!hydrated || busy}>
              {busy && <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />}
              {busy ? 'در حال ثبت…' : 'خبرم کن'}
            </button>
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
            {product.price ? `قیمت فعلی: ${formatToman(product.price)} برای هر ${unit}. ` : ''}
            حداکثر یک اعلان در روز برای هر محصول.{' '}
            <Link to="/inquiry/alerts" className={linkInText}>
              اعلان‌های من
            </Link>
          </p>
          <p
            id={`${id}-outcome`}
            role={outcome?.tone === 'error' ? 'alert' : 'status'}
            className={
              outcome?.tone === 'error'
                ? 'text-sm text-red-700 dark:text-red-400'
                : 'text-sm text-emerald-700 dark:text-emerald-400'
            }
          >
            {outcome?.text}
          </p>
        </form>
      )}
    </details>
  );
}
