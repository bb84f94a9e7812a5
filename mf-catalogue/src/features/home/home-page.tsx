import { Link, categories, type PageDefinition } from '@steel/shared';

/** `/`: the ten product categories. */
function HomePage() {
  return (
    <section>
      <h1 className="mb-2 text-2xl font-bold">محصولات</h1>
      <p className="mb-6 text-slate-600 dark:text-slate-300">انواع آهن‌آلات و محصولات فولادی را بر اساس دسته‌بندی مرور کنید.</p>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              to={`/${category.slug}`}
              className="block h-full rounded-lg border border-slate-200 p-4 transition hover:border-primary-500 hover:shadow-sm dark:border-slate-700"
            >
              <h2 className="mb-1 text-lg font-semibold text-primary-800 dark:text-primary-300">{category.titleFa}</h2>
              <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{category.descriptionFa}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export const homePage: PageDefinition = {
  path: '/',
  head: () => ({
    title: 'بازار آهن‌آلات',
    description: 'قیمت روز آهن‌آلات: میلگرد، تیرآهن، ورق، لوله، پروفیل و مواد اولیه فولاد از کارخانه‌های معتبر.',
    canonical: '/',
    jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'بازار آهن‌آلات', url: '/', inLanguage: 'fa-IR' }],
  }),
  Page: HomePage,
};
