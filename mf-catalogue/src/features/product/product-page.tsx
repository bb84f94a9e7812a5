import { PageHeader, attributeLabelsFa, breadcrumbJsonLd, formatNumber, formatPersianDate, type CatalogueLocation, type PageHead } from '@steel/shared';
import { subcategoryPath, trailTo } from '../category/breadcrumbs';
import { PriceText } from '../products/components/product-table';
import { canonicalProductPath, type ProductDetail } from '../products/api/product-queries';

type ProductLocation = Extract<CatalogueLocation, { kind: 'product' | 'subcategory' }>;

function productTrail(product: ProductDetail, location: ProductLocation) {
  const { category, group, subcategory } = location;
  return [...trailTo(category, group), { label: subcategory.titleFa, to: subcategoryPath(location) }, { label: product.name }];
}

/** Title, description, canonical path and JSON-LD `Product` (with its offer) and `BreadcrumbList`. */
export function productHead(product: ProductDetail, location: ProductLocation): PageHead {
  const canonical = canonicalProductPath(product) ?? undefined;
  return {
    title: product.name,
    description: product.description ?? `${product.name}: قیمت روز (نمایشی)، مشخصات فنی و تولیدکننده`,
    canonical,
    ogType: 'product',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        ...(product.producer_name ? { brand: { '@type': 'Brand', name: product.producer_name } } : {}),
        ...(canonical ? { url: canonical } : {}),
        offers: { '@type': 'Offer', price: product.price, priceCurrency: 'IRR', availability: 'https://schema.org/InStock', ...(canonical ? { url: canonical } : {}) },
      },
      breadcrumbJsonLd(productTrail(product, location), canonical ?? ''),
    ],
  };
}

/** A product's page: name, breadcrumb, attributes, price per unit (illustrative) and its date. */
export function ProductPage({ product, location }: { product: ProductDetail; location: ProductLocation }) {
  const attributes = Object.entries(product.attributes ?? {}).filter(([, value]) => value !== null && value !== '');
  return (
    <article>
      <PageHeader title={product.name} breadcrumb={productTrail(product, location)}>
        {product.description && <p className="text-slate-600 dark:text-slate-300">{product.description}</p>}
      </PageHeader>
      <div className="mb-6 rounded-lg border border-primary-200 bg-primary-50 p-4 dark:border-slate-700 dark:bg-slate-800">
        <p className="text-lg font-bold" data-price-rial={product.price}>
          <PriceText rial={product.price} unit={product.unit} />
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">قیمت نمایشی (تقریبی) · به‌روزشده در {formatPersianDate(product.updatedAt)}</p>
      </div>
      <h2 className="mb-2 font-semibold">مشخصات فنی</h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
        {attributes.map(([key, value]) => (
          <div key={key} className="flex justify-between gap-4 border-b border-slate-200 py-2 dark:border-slate-700">
            <dt className="text-slate-600 dark:text-slate-300">{attributeLabelsFa[key] ?? key}</dt>
            <dd className="font-medium">{typeof value === 'number' ? formatNumber(value) : value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
