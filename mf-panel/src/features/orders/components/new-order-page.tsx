import { useEffect } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from '@steel/shared/router';
import { PANEL_LINK_PARAMS } from '@steel/contract';
import { formatToman, Link, PageHeader, useShell, EmptyBlock, QueryState, linkInText } from '@steel/shared';
import { FormField, PHONE_INPUT, SubmitRow, TextInput, useFormWrite, inputClass } from '@steel/shared/forms';
import { useCreateOrder, useOrderableProducts, type OrderableProduct } from '../../../entities/order/order-queries';
import { newOrderSchema, type NewOrderInput, type NewOrderValues } from '../new-order-schema';
import { saleUnitName } from '../order-lines';

const crumbs = [
  { label: 'پنل کاربری', to: '/panel' },
  { label: 'سفارش‌ها', to: '/panel/order' },
  { label: 'ثبت سفارش جدید' },
];

/**
 * `/panel/order/new?product=<slug>[&product=…]`: a new order request for products chosen on a
 * product page or in the watch list. Prices are illustrative; the CMS fills them in itself.
 */
export function NewOrderPage() {
  const [searchParams] = useSearchParams();
  const slugs = [...new Set(searchParams.getAll(PANEL_LINK_PARAMS.orderProduct).filter(Boolean))].slice(0, 20);
  const products = useOrderableProducts(slugs);
  return (
    <section className="max-w-2xl">
      <PageHeader title="ثبت سفارش جدید" breadcrumb={crumbs} />
      {slugs.length === 0 ? (
        <EmptyBlock>
          محصول سفارش را از{' '}
          <Link to="/panel/product" className={linkInText}>
            محصولات من
          </Link>{' '}
          یا صفحه هر محصول انتخاب کنید.
        </EmptyBlock>
      ) : (
        <QueryState query={products}>
          {(found) =>
            found.length === 0 ? <EmptyBlock>محصول انتخاب‌شده یافت نشد.</EmptyBlock> : <NewOrderForm products={found} />
          }
        </QueryState>
      )}
    </section>
  );
}

function NewOrderForm({ products }: { products: OrderableProduct[] }) {
  const { session, navigate } = useShell();
  const create = useCreateOrder();
  const form = useForm<NewOrderInput, unknown, NewOrderValues>({
    resolver: zodResolver(newOrderSchema),
    defaultValues: {
      items: products.map((product) => ({ product_slug: product.slug, quantity: '' })),
      delivery_address: '',
      contact_phone: session.getUser()?.mobile ?? '',
      note: '',
    },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'items' });
  const { errors } = form.formState;
  const bySlug = new Map(products.map((product) => [product.slug, product]));

  useEffect(() => form.setFocus('items.0.quantity'), [form]);

  const { onSubmit, busy, failure } = useFormWrite(form, create, async (values) => {
    const answer = await create.mutateAsync(values);
    navigate(`/panel/order/${answer.documentId}`);
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4" aria-busy={busy}>
      {fields.map((field, index) => {
        const product = bySlug.get(field.product_slug);
        const unit = saleUnitName(product?.sale_unit);
        return (
          <FormField
            key={field.id}
            label={`مقدار ${product?.name ?? field.product_slug}${unit ? ` (${unit})` : ''}`}
            error={errors.items?.[index]?.quantity?.message}
            hint={
              product?.price
                ? `قیمت هر کیلوگرم: ${formatToman(product.price)} — قیمت‌ها تقریبی است؛ برای قیمت قطعی استعلام بگیرید.`
                : 'قیمت: تماس بگیرید'
            }
          >
            {(control) => (
              <input
                {...control}
                {...form.register(`items.${index}.quantity`)}
                inputMode="decimal"
                dir="ltr"
                className={inputClass}
              />
            )}
          </FormField>
        );
      })}
      <TextInput form={form} name="delivery_address" label="محل تحویل" multiline rows={3} />
      <TextInput form={form} name="contact_phone" label="شماره تماس" {...PHONE_INPUT} />
      <TextInput form={form} name="note" label="توضیحات" multiline rows={3} />
      <SubmitRow busy={busy} failure={failure} label="ثبت سفارش" busyLabel="در حال ثبت…" />
    </form>
  );
}
