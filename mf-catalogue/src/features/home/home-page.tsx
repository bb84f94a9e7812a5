import type { ReactNode } from 'react';
import { HydrateWhenNeeded, type PageDefinition } from '@steel/shared';
import { priceBoardQuery } from '../../entities/product/listing-queries';
import { comingOffersQuery, latestArticlesQuery } from './api/home-queries';
import { CategoryGrid, homeLcpImage } from './components/category-grid';
import { ExchangeTeaser } from './components/exchange-teaser';
import { LatestArticles } from './components/latest-articles';
import { PriceBoard } from './components/price-board';
import { SearchEntry } from './components/search-entry';

function HomeSection({
  id,
  title,
  note,
  belowFold = false,
  children,
}: {
  id: string;
  title: string;
  note?: string;
  belowFold?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={belowFold ? 'below-fold mb-10' : 'mb-10'}>
      <h2 id={id} className="mb-1 text-xl font-bold">
        {title}
      </h2>
      {note && <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">{note}</p>}
      {/* Below the first screen: laid out and hydrated only when it nears the screen. */}
      {belowFold ? (
        <HydrateWhenNeeded className={note ? undefined : 'mt-3'}>{children}</HydrateWhenNeeded>
      ) : (
        <div className={note ? undefined : 'mt-3'}>{children}</div>
      )}
    </section>
  );
}

/** `/`: search, the categories, today's prices, the exchange's coming offers, the latest articles. */
function HomePage() {
  return (
    <div>
      <section aria-labelledby="home-title" className="mb-8">
        <h1 id="home-title" className="mb-2 text-2xl font-bold">
          بازار آهن‌آلات
        </h1>
        <p className="mb-4 text-slate-600 dark:text-slate-300">
          قیمت روز، مشخصات و تولیدکنندگان میلگرد، تیرآهن، ورق، لوله، پروفیل و مواد اولیه فولاد.
        </p>
        <SearchEntry />
      </section>
      <HomeSection id="home-categories" title="دسته‌بندی محصولات">
        <CategoryGrid />
      </HomeSection>
      <HomeSection
        id="home-prices"
        belowFold
        title="قیمت روز آهن‌آلات"
        note="قیمت‌ها نمایشی (تقریبی) هستند و تغییر نسبت به روز قبل را نشان می‌دهند."
      >
        <PriceBoard />
      </HomeSection>
      <HomeSection id="home-exchange" belowFold title="عرضه‌های امروز بورس کالا" note="قیمت‌های پایه نمایشی هستند.">
        <ExchangeTeaser />
      </HomeSection>
      <HomeSection id="home-articles" belowFold title="تازه‌ترین مقاله‌ها">
        <LatestArticles />
      </HomeSection>
    </div>
  );
}

export const homePage: PageDefinition = {
  path: '/',
  sitemap: [{ path: '/' }],
  // Reads no parameter: `/?anything` is sent to `/` (never a fresh render).
  query: [],
  data: (_url, { api }) => [priceBoardQuery(api), comingOffersQuery(api), latestArticlesQuery(api)],
  head: (_url, read, { api }) => ({
    title: 'بازار آهن‌آلات',
    description: 'قیمت روز آهن‌آلات: میلگرد، تیرآهن، ورق، لوله، پروفیل و مواد اولیه فولاد از کارخانه‌های معتبر.',
    canonical: '/',
    jsonLd: [
      { '@context': 'https://schema.org', '@type': 'WebSite', name: 'بازار آهن‌آلات', url: '/', inLanguage: 'fa-IR' },
    ],
    lcpImage: homeLcpImage(read(priceBoardQuery(api))),
  }),
  Page: HomePage,
};
