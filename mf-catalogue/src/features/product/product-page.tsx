import { useMemo } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  Link,
  PageHeader,
  ResponsiveImage,
  Slot,
  dailyChange,
  formatNumber,
  saleUnitPrice,
  formatPersianDate,
  formatToman,
  rialToToman,
  useShell,
  type CmsImage,
} from '@steel/shared';
import { attributeLabelsFa } from '../../entities/category/category-tree';
import { PriceChart } from '../../lib/price-chart/price-chart';
import { PriceText, unitLabelFa } from '../../entities/product/price-text';
import { canonicalProductPath, relatedProductsQuery, type ProductDetail } from '../../entities/product/product-queries';
import { ProductActions } from './product-actions';
import { ProductContact } from '../../entities/sales-contact/sales-contact-links';
import { subcategoryPath } from '../../entities/category/breadcrumbs';
import { toSlotProduct } from '../../entities/product/slot-product';
import { priceDate, priceHistoryColumns, priceHistoryPoints } from './price-history';
import { TableDownloads } from '../../lib/table-export/table-downloads';
import { DailyPriceChange } from '../../entities/product/daily-price-change';
import { PRODUCT_IMAGE, productTrail, type ProductLocation } from './product-head';

/** The chart's axis shows toman like the prices, without the unit (it is in the title). */
const tomanAxisValue = (rial: number) => formatNumber(rialToToman(rial));

const illustrativeLabel = (product: Pick<ProductDetail, 'illustrative'>) =>
  product.illustrative === false ? 'قیمت روز' : 'قیمت نمایشی (تقریبی)';

/** Price per unit, per sale unit where the weights allow, the illustrative label and the price's date. */
function PriceBox({ product }: { product: ProductDetail }) {
  const perSaleUnit = saleUnitPrice(product);
  return (
    <div className="rounded-lg border border-primary-200 bg-primary-50 p-4 dark:border-slate-700 dark:bg-slate-800">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="text-lg font-bold" data-price-rial={product.price}>
          <PriceText rial={product.price} unit={product.unit} />
        </span>
        {/* The day's change, as every list shows it (the same rule the CMS computes the lists' with). */}
        <span data-daily-change>
          <DailyPriceChange change={dailyChange(product)} />
        </span>
      </p>
      {perSaleUnit && (
        <p className="mt-1" data-sale-unit-price-rial={perSaleUnit.rial}>
          ≈ <PriceText rial={perSaleUnit.rial} unit={perSaleUnit.saleUnit} />{' '}
          <span className="text-sm text-slate-600 dark:text-slate-300">
            (هر {unitLabelFa(perSaleUnit.saleUnit)} ≈ {formatNumber(Math.round(perSaleUnit.kgPerSaleUnit * 100) / 100)}{' '}
            {unitLabelFa('kg')})
          </span>
        </p>
      )}
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        <span className="font-semibold text-amber-800 dark:text-amber-300">{illustrativeLabel(product)}</span> · قیمت
        روز {formatPersianDate(priceDate(product))}
      </p>
    </div>
  );
}

function AttributeTable({ product }: { product: ProductDetail }) {
  const attributes = Object.entries(product.attributes ?? {}).filter(
    ([key, value]) => key !== 'producer' && value !== null && value !== '',
  );
  if (attributes.length === 0) return null;
  return (
    <section aria-labelledby="product-attributes" className="min-w-0">
      <h2 id="product-attributes" className="mb-2 font-semibold">
        مشخصات فنی
      </h2>
      <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
        <table className="w-full text-sm">
          <tbody>
            {attributes.map(([key, value]) => (
              <tr key={key} className="border-b border-slate-200 last:border-b-0 dark:border-slate-700">
                <th
                  scope="row"
                  className="bg-slate-50 p-3 text-start font-normal text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                >
                  {attributeLabelsFa[key] ?? key}
                </th>
                <td className="p-3 font-medium">{typeof value === 'number' ? formatNumber(value) : value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Producer({ product }: { product: ProductDetail }) {
  const name = product.producer?.name ?? product.producer_name;
  if (!name) return null;
  return (
    <p>
      <span className="text-slate-600 dark:text-slate-300">تولیدکننده: </span>
      {product.producer ? (
        <Link
          to={`/factories/${product.producer.slug}`}
          className="font-medium text-primary-800 hover:underline dark:text-primary-300"
        >
          {product.producer.name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
    </p>
  );
}

function RelatedProducts({ slug, subcategoryTitle }: { slug: string; subcategoryTitle: string }) {
  const { api } = useShell();
  const { data: related } = useSuspenseQuery(relatedProductsQuery(api, slug));
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="related-products" className="mt-10">
      <h2 id="related-products" className="mb-3 text-lg font-semibold">
        محصولات مرتبط در {subcategoryTitle}
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {related.map((item) => (
          <li key={item.slug} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            <Link
              to={canonicalProductPath(item) ?? `/product/${item.slug}`}
              className="font-medium text-primary-800 hover:underline dark:text-primary-300"
            >
              {item.name}
            </Link>
            <p className="mt-1 text-sm">
              <PriceText rial={item.price} unit={item.unit} />{' '}
              <span className="text-xs text-slate-500 dark:text-slate-400">({illustrativeLabel(item)})</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A product's page: name, breadcrumb, price (per unit and per sale unit, illustrative, dated),
 * the order-request and watch-list actions, producer, attributes, 90 days of prices as a chart
 * (with a hidden table of the same data) and related products of the same sub-category.
 */
/** The product's picture (its head preloads it too). */
function ProductImage({ image, name }: { image: CmsImage; name: string }) {
  return (
    <ResponsiveImage
      src={image.url}
      alt={image.alternativeText ?? name}
      width={image.width ?? 800}
      height={image.height ?? 600}
      {...PRODUCT_IMAGE}
      priority
      className="h-auto w-full rounded-lg border border-slate-200 dark:border-slate-700"
    />
  );
}

export function ProductPage({ product, location }: { product: ProductDetail; location: ProductLocation }) {
  const history = useMemo(() => priceHistoryPoints(product.price_history), [product.price_history]);
  const unit = unitLabelFa(product.unit);
  return (
    <article>
      <PageHeader title={product.name} breadcrumb={productTrail(product, location)}>
        {product.description && <p className="text-slate-600 dark:text-slate-300">{product.description}</p>}
      </PageHeader>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex min-w-0 flex-col gap-4 lg:order-2">
          {product.images?.[0] && <ProductImage image={product.images[0]} name={product.name} />}
          <PriceBox product={product} />
          <ProductContact productName={product.name} />
          <ProductActions product={product} />
          {/* Other teams' actions on the product (add to an inquiry, a price alert): empty when none is live. */}
          <Slot
            name="product.actions"
            props={{
              product: toSlotProduct(
                product,
                canonicalProductPath(product) ?? `${subcategoryPath(location)}/${product.slug}`,
              ),
            }}
            className="flex flex-col gap-2 empty:hidden"
          />
          <Producer product={product} />
          {product.note && <p className="text-sm text-slate-600 dark:text-slate-300">{product.note}</p>}
        </div>
        <div className="min-w-0 lg:order-1">
          <AttributeTable product={product} />
          <PriceChart
            points={history}
            title={`نمودار قیمت ۹۰ روز اخیر (تومان / ${unit}، نمایشی)`}
            valueLabel={`قیمت (تومان / ${unit})`}
            formatValue={formatToman}
            formatAxisValue={tomanAxisValue}
          />
          {history.length > 0 && (
            <TableDownloads
              columns={priceHistoryColumns(unit)}
              rows={history}
              fileName={`price-history-${product.slug}`}
              sheetName="تاریخچه قیمت"
              label={`دانلود تاریخچه قیمت ${product.name}`}
            />
          )}
        </div>
      </div>
      <RelatedProducts slug={product.slug} subcategoryTitle={location.subcategory.titleFa} />
    </article>
  );
}
