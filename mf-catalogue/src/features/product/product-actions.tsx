import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@steel/shared/router';
import { BellPlus, ClipboardList, LoaderCircle } from 'lucide-react';
import { CUSTOMER_QUERY_KEY } from '@steel/contract';
import {
  addToWatchList,
  apiErrorMessage,
  createOrderRequest,
  loginUrlFor,
  useSessionUser,
  useShell,
  useSingleFlight,
} from '@steel/shared';
import type { ProductDetail } from '../../entities/product/product-queries';
import { PENDING_ACTION_PARAM, PRODUCT_ACTIONS, type ProductAction } from './product-head';

const isAction = (value: string | null): value is ProductAction =>
  (PRODUCT_ACTIONS as readonly (string | null)[]).includes(value);

const button =
  'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 disabled:cursor-wait disabled:opacity-70';
const primary = `${button} bg-primary-700 text-white hover:bg-primary-800`;
const secondary = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800`;

/**
 * «استعلام قیمت / ثبت سفارش» (an order request for one sale unit in the customer's orders; the
 * quantity is settled in the proforma) and «افزودن به لیست پیگیری» (the watch list). Each runs
 * once at a time, confirms with a toast, and on a refusal says why in Persian and leaves the
 * page as it was. Signed out: sign-in first, then back here with the action still to do.
 */
export function ProductActions({ product }: { product: Pick<ProductDetail, 'documentId' | 'slug' | 'name'> }) {
  const { api, bus, navigate, queryClient } = useShell();
  const user = useSessionUser();
  const location = useLocation();
  const once = useSingleFlight();
  const [pending, setPending] = useState<ProductAction | null>(null);

  const perform = async (action: ProductAction) => {
    try {
      if (action === 'order') {
        const order = await createOrderRequest(api, {
          items: [{ product_slug: product.slug, quantity: 1 }],
          note: 'استعلام قیمت از صفحه محصول',
        });
        bus.emit('toast:add', {
          title: 'درخواست استعلام قیمت ثبت شد',
          description: `«${product.name}» در سفارش‌های شما ثبت شد؛ کارشناسان ما پیش‌فاکتور را برایتان می‌فرستند.`,
          color: 'success',
          actions: [{ label: 'مشاهده سفارش', href: `/panel/order/${order.documentId}` }],
        });
      } else {
        const result = await addToWatchList(api, product.documentId);
        bus.emit('toast:add', {
          title: result.added ? 'به لیست پیگیری افزوده شد' : 'این محصول از قبل در لیست پیگیری شماست',
          description: `«${product.name}»`,
          color: result.added ? 'success' : 'neutral',
          actions: [{ label: 'محصولات من', href: '/panel/product' }],
        });
      }
      // The panel reads these records from the same cache: let it fetch them afresh.
      await queryClient.invalidateQueries({ queryKey: [CUSTOMER_QUERY_KEY] });
    } catch (error) {
      bus.emit('toast:add', {
        title: action === 'order' ? 'ثبت درخواست ممکن نشد' : 'افزودن به لیست پیگیری ممکن نشد',
        description: apiErrorMessage(error),
        color: 'error',
      });
    }
  };

  const run = (action: ProductAction) =>
    once(async () => {
      if (!user) {
        navigate(loginUrlFor(`${location.pathname}?${PENDING_ACTION_PARAM}=${action}`));
        return;
      }
      setPending(action);
      try {
        await perform(action);
      } finally {
        setPending(null);
      }
    });

  // Back from sign-in with an action to finish: do it once, and drop it from the address so a
  // reload or a shared link never repeats it.
  const pendingFromUrl = new URLSearchParams(location.search).get(PENDING_ACTION_PARAM);
  const resumed = useRef(false);
  useEffect(() => {
    if (!user || !isAction(pendingFromUrl) || resumed.current) return;
    resumed.current = true;
    navigate(location.pathname, { replace: true });
    void run(pendingFromUrl);
  });

  return (
    <div className="flex flex-wrap gap-3" aria-busy={pending !== null}>
      <button type="button" className={primary} disabled={pending !== null} onClick={() => void run('order')}>
        {pending === 'order' ? (
          <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
        ) : (
          <ClipboardList aria-hidden="true" className="size-5" />
        )}
        {pending === 'order' ? 'در حال ثبت درخواست…' : 'استعلام قیمت / ثبت سفارش'}
      </button>
      <button type="button" className={secondary} disabled={pending !== null} onClick={() => void run('watch')}>
        {pending === 'watch' ? (
          <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
        ) : (
          <BellPlus aria-hidden="true" className="size-5" />
        )}
        {pending === 'watch' ? 'در حال افزودن…' : 'افزودن به لیست پیگیری'}
      </button>
    </div>
  );
}
