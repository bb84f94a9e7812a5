import { useSuspenseQuery } from '@tanstack/react-query';
import {
  Link,
  PageHeader,
  canonicalProductPath,
  comparePersian,
  formatNumber,
  useShell,
  type PageUrl,
} from '@steel/shared';
import { findCategory } from '../../entities/category/category-tree';
import { ProductListing } from '../../entities/product/listing/product-listing';
import {
  factoryBySlugQuery,
  factoryListQuery,
  factoryProductsQuery,
  sourceLink,
  subcategoryOfProductCode,
  type FactorySummary,
} from './factory-queries';
import { inputClass } from '@steel/shared/forms';
import { useSetSearchParam } from '../../lib/share/use-set-search-param';
import { LIST_QUERY, LIST_TITLE, listCrumb, slugOf } from './factory-paths';

const categorySlugsOf = (factory: FactorySummary) =>
  [...new Set((factory.main_products ?? []).map((code) => code.split('/')[0] ?? ''))].filter(Boolean);

/** `?province=` and `?category=` (a product category slug) narrow the list. */
export function filterFactories(factories: FactorySummary[], search: URLSearchParams): FactorySummary[] {
  const province = search.get('province');
  const category = search.get('category');
  return factories.filter(
    (factory) =>
      (!province || factory.province === province) && (!category || categorySlugsOf(factory).includes(category)),
  );
}

/** The list of factories, filterable by province and category: with the factory page, one chunk. */
export function FactoryListPage({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: factories } = useSuspenseQuery(factoryListQuery(api));
  const setFilter = useSetSearchParam(url, LIST_QUERY);
  const provinces = [
    ...new Set(factories.map((factory) => factory.province).filter((p): p is string => Boolean(p))),
  ].sort(comparePersian);
  const categorySlugs = [...new Set(factories.flatMap(categorySlugsOf))];
  const shown = filterFactories(factories, url.search);

  return (
    <section>
      <PageHeader title={LIST_TITLE} breadcrumb={[{ label: 'کارخانه‌ها' }]} />
      <form
        className="mb-6 grid max-w-xl gap-3 sm:grid-cols-2"
        aria-label="فیلتر کارخانه‌ها"
        onSubmit={(event) => event.preventDefault()}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          استان
          <select
            className={inputClass}
            value={url.search.get('province') ?? ''}
            onChange={(event) => setFilter('province', event.target.value)}
            name="province"
          >
            <option value="">همه استان‌ها</option>
            {provinces.map((province) => (
              <option key={province} value={province}>
                {province}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          گروه محصول
          <select
            className={inputClass}
            value={url.search.get('category') ?? ''}
            onChange={(event) => setFilter('category', event.target.value)}
            name="category"
          >
            <option value="">همه محصولات</option>
            {categorySlugs.map((slug) => (
              <option key={slug} value={slug}>
                {findCategory(slug)?.titleFa ?? slug}
              </option>
            ))}
          </select>
        </label>
      </form>
      {shown.length === 0 ? (
        <p className="rounded-md bg-slate-100 p-4 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          کارخانه‌ای با این فیلترها یافت نشد.
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-factory-list>
          {shown.map((factory) => (
            <li key={factory.slug} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <h2 className="text-lg font-semibold">
                <Link
                  to={`/factories/${factory.slug}`}
                  className="text-primary-800 hover:underline dark:text-primary-300"
                >
                  {factory.name}
                </Link>
              </h2>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {[factory.city, factory.province].filter(Boolean).join('، ')}
              </p>
              {factory.main_products_text && <p className="mt-2 text-sm">{factory.main_products_text}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One factory: where it is, what it makes, its products on the site. */
export function FactoryPage({ url }: { url: PageUrl }) {
  const { api } = useShell();
  const { data: factory } = useSuspenseQuery(factoryBySlugQuery(api, slugOf(url)));
  const { data: products } = useSuspenseQuery(factoryProductsQuery(api, slugOf(url)));
  if (!factory) return null;
  const subcategories = (factory.main_products ?? [])
    .map(subcategoryOfProductCode)
    .filter((found): found is NonNullable<typeof found> => found !== null);
  return (
    <article>
      <PageHeader title={factory.name} breadcrumb={[listCrumb, { label: factory.name }]}>
        {factory.name_en && (
          <p lang="en" dir="ltr" className="text-end text-slate-600 dark:text-slate-300 sm:text-start">
            {factory.name_en}
          </p>
        )}
        <p className="text-slate-700 dark:text-slate-200">
          محل: {[factory.city, factory.province].filter(Boolean).join('، ') || 'نامشخص'}
        </p>
      </PageHeader>
      {subcategories.length > 0 && (
        <section aria-labelledby="factory-products-made" className="mb-6">
          <h2 id="factory-products-made" className="mb-2 text-xl font-bold">
            محصولات تولیدی
          </h2>
          <ul className="flex flex-wrap gap-2">
            {subcategories.map((sub) => (
              <li key={sub.path}>
                <Link
                  to={sub.path}
                  className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
                >
                  {sub.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(factory.facts?.length ?? 0) > 0 && (
        <section aria-labelledby="factory-facts" className="mb-6">
          <h2 id="factory-facts" className="mb-2 text-xl font-bold">
            درباره کارخانه
          </h2>
          <ul lang="en" dir="ltr" className="list-disc ps-6 text-start">
            {factory.facts?.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
          {(factory.sources?.length ?? 0) > 0 && (
            <>
              <h3 className="mt-3 font-semibold">منابع</h3>
              <ul dir="ltr" className="list-disc ps-6 text-sm">
                {factory.sources?.map((source) => {
                  const link = sourceLink(source);
                  return (
                    <li key={source}>
                      <a
                        href={link.href}
                        rel="noopener noreferrer nofollow"
                        target="_blank"
                        className="inline-block py-1 text-primary-700 underline dark:text-primary-300"
                      >
                        {link.label}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </section>
      )}
      <section aria-labelledby="factory-price-list">
        <h2 id="factory-price-list" className="mb-2 text-xl font-bold">
          محصولات و قیمت روز
        </h2>
        {products.total === 0 ? (
          <p className="rounded-md bg-slate-100 p-4 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            داده‌ای مطابق با جستجو یافت نشد
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-300">
              {formatNumber(products.total)} محصول · قیمت‌ها نمایشی (تقریبی) هستند
            </p>
            <ProductListing
              products={products.products}
              productHref={(product) => canonicalProductPath(product) ?? `/product/${product.slug}`}
              attributes={[]}
              cardHeadingLevel={3}
              withProducer={false}
            />
          </>
        )}
      </section>
    </article>
  );
}
