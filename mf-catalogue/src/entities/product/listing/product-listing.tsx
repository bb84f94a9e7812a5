import { Link, ResponsiveImage, Slot, formatNumber } from '@steel/shared';
import { attributeLabelsFa } from '../../category/category-tree';
import type { ListedProduct } from '../listing-queries';
import { PriceCells } from '../price-cells';
import { DailyPriceChange } from '../daily-price-change';
import { PriceText } from '../price-text';
import { toSlotProduct } from '../slot-product';
import { useSalesContactLinks, RowCallButton } from '../../sales-contact/sales-contact-links';

const attributeText = (value: string | number | null | undefined) =>
  typeof value === 'number' ? formatNumber(value) : (value ?? '—');
const labelOf = (attribute: string) => attributeLabelsFa[attribute] ?? attribute;

/** The producer, linked to its factory page when the CMS knows the factory. */
function Producer({ product }: { product: ListedProduct }) {
  const name = product.producer?.name ?? product.producer_name;
  if (!name) return <>—</>;
  return product.producer ? (
    <Link
      to={`/factories/${product.producer.slug}`}
      className="text-primary-800 underline-offset-2 hover:underline dark:text-primary-300"
    >
      {name}
    </Link>
  ) : (
    <>{name}</>
  );
}

const nameLink = 'font-medium text-primary-800 hover:underline dark:text-primary-300';

/** A small picture beside the product's name (decorative: the name says what it is). */
function Thumbnail({ product, size }: { product: ListedProduct; size: number }) {
  if (!product.image) return null;
  return (
    <ResponsiveImage
      src={product.image.url}
      alt=""
      width={product.image.width ?? 4}
      height={product.image.height ?? 3}
      displayWidth={size}
      sizes={`${size}px`}
      className="shrink-0 rounded border border-slate-200 object-cover dark:border-slate-700"
    />
  );
}

/**
 * Products with today's price and change: a table on wide screens (columns are the
 * sub-category's own attributes), cards on narrow ones. Both come from the same data; the one
 * not shown is display:none, so screen readers read it once. Used by a sub-category's page and
 * by a factory's (no attribute columns there: its products span sub-categories). A card's name is a
 * heading one level below the one the listing sits under (`cardHeadingLevel`), so the outline skips none.
 */
export function ProductListing({
  products,
  productHref,
  attributes,
  cardHeadingLevel,
  withProducer = true,
}: {
  products: ListedProduct[];
  productHref: (product: ListedProduct) => string;
  attributes: readonly string[];
  /** 2 right under the page's h1 (a sub-category's page), 3 under a section's h2 (a factory's). */
  cardHeadingLevel: 2 | 3;
  /** A factory's own page leaves out the producer: it is the factory. */
  withProducer?: boolean;
}) {
  // The producer has its own (linked) column.
  const columns = attributes.filter((attribute) => attribute !== 'producer');
  const CardHeading = cardHeadingLevel === 2 ? 'h2' : 'h3';
  const call = useSalesContactLinks().find((link) => link.channel === 'phone');
  return (
    <>
      <div
        className="hidden overflow-x-auto rounded-lg border border-slate-200 md:block dark:border-slate-700"
        data-listing="table"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">فهرست محصولات، مشخصات و قیمت روز (نمایشی)</caption>
          <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            <tr>
              <th scope="col" className="p-3 text-start">
                نام محصول
              </th>
              {columns.map((attribute) => (
                <th key={attribute} scope="col" className="p-3 text-start font-medium">
                  {labelOf(attribute)}
                </th>
              ))}
              {withProducer && (
                <th scope="col" className="p-3 text-start">
                  تولیدکننده
                </th>
              )}
              <th scope="col" className="p-3 text-start">
                قیمت (تومان، نمایشی)
              </th>
              <th scope="col" className="p-3 text-start">
                تغییر روزانه
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr
                key={product.slug}
                className="border-t border-slate-200 dark:border-slate-700"
                data-product={product.slug}
              >
                <th scope="row" className="p-3 text-start">
                  <span className="flex items-center gap-3">
                    <Thumbnail product={product} size={48} />
                    <Link to={productHref(product)} className={nameLink}>
                      {product.name}
                    </Link>
                  </span>
                  {/* Other teams' actions on the row (add to an inquiry): empty when none is live. */}
                  <Slot
                    name="listing.row"
                    props={{ product: toSlotProduct(product, productHref(product)) }}
                    className="mt-2 flex flex-wrap gap-2 empty:hidden"
                  />
                </th>
                {columns.map((attribute) => (
                  <td key={attribute} className="p-3">
                    <bdi>{attributeText(product.attributes?.[attribute])}</bdi>
                  </td>
                ))}
                {withProducer && (
                  <td className="p-3">
                    <Producer product={product} />
                  </td>
                )}
                <PriceCells product={product} className={{ price: 'p-3', change: 'p-3' }} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="فهرست محصولات" data-listing="cards">
        {products.map((product) => (
          <li
            key={product.slug}
            className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
            data-product={product.slug}
          >
            <CardHeading className="mb-2 flex items-center gap-3">
              <Thumbnail product={product} size={64} />
              <Link to={productHref(product)} className={nameLink}>
                {product.name}
              </Link>
            </CardHeading>
            <p className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold" data-price-rial={product.price ?? ''}>
                <PriceText rial={product.price} unit={product.unit} />
              </span>
              <DailyPriceChange change={product.change} />
            </p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              {columns.map((attribute) => (
                <div key={attribute} className="contents">
                  <dt className="text-slate-500 dark:text-slate-400">{labelOf(attribute)}</dt>
                  <dd>
                    <bdi>{attributeText(product.attributes?.[attribute])}</bdi>
                  </dd>
                </div>
              ))}
              {withProducer && (
                <>
                  <dt className="text-slate-500 dark:text-slate-400">تولیدکننده</dt>
                  <dd>
                    <Producer product={product} />
                  </dd>
                </>
              )}
            </dl>
            <div className="mt-3 flex flex-wrap items-start gap-2">
              <RowCallButton call={call} productName={product.name} />
              <Slot
                name="listing.row"
                props={{ product: toSlotProduct(product, productHref(product)) }}
                className="flex flex-wrap gap-2 empty:hidden"
              />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
