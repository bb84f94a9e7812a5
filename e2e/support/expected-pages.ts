import fs from 'node:fs';
import path from 'node:path';
import type { PageRoute } from '@steel/contract/app-manifest';
import { readLive } from '@steel/server/builds-folder';
import { domainDir } from './environment';

/**
 * What a visitor must see on each path: the app whose outlet holds the page and its <h1>.
 * Written from the architecture's route table and persian-ui.md, and the category tree read
 * straight from the domain data — independent of the code under test. Which pages there are is
 * the remotes' to say: routes.spec.ts checks this list against the pages the live remotes publish
 * (`publishedPages`), so a page a remote adds cannot go unwalked unnoticed.
 */
export interface ExpectedPage {
  path: string;
  app: 'catalogue' | 'blog' | 'panel';
  heading: string;
}

interface DomainSubcategory {
  slug: string;
  title_fa: string;
}
interface DomainCategory {
  slug: string;
  title_fa: string;
  groups?: Array<{ slug: string; title_fa: string; subcategories: DomainSubcategory[] }>;
  subcategories?: DomainSubcategory[];
}
interface DomainSubcategoryWithProducts extends DomainSubcategory {
  examples?: Array<{ name_fa: string }>;
}

export const domainCategories = (
  JSON.parse(fs.readFileSync(path.join(domainDir, 'catalogue.json'), 'utf8')) as { categories: DomainCategory[] }
).categories;

/** The Persian name of a sub-category's first product in the domain data. */
export function firstProductName(categorySlug: string, subcategorySlug: string): string {
  const category = domainCategories.find((candidate) => candidate.slug === categorySlug);
  const subcategories = [
    ...(category?.subcategories ?? []),
    ...(category?.groups ?? []).flatMap((group) => group.subcategories),
  ] as DomainSubcategoryWithProducts[];
  const name = subcategories.find((sub) => sub.slug === subcategorySlug)?.examples?.[0]?.name_fa;
  if (!name) throw new Error(`No product in ${categorySlug}/${subcategorySlug}`);
  return name;
}

export const ROUTE_TABLE_PAGES: ExpectedPage[] = [
  { path: '/', app: 'catalogue', heading: 'بازار آهن‌آلات' },
  ...domainCategories.map((category) => ({
    path: `/${category.slug}`,
    app: 'catalogue' as const,
    heading: category.title_fa,
  })),
  // The seed names products <category>-<sub-category>-<n> in the domain data's order.
  { path: '/product/rebar-kalaf-1', app: 'catalogue', heading: firstProductName('rebar', 'kalaf') },
  { path: '/services', app: 'catalogue', heading: 'خدمات' },
  { path: '/services-equipment', app: 'catalogue', heading: 'تجهیزات داربست' },
  { path: '/services-equipment/scaffold-accessories', app: 'catalogue', heading: 'لوازم و اتصالات داربست' },
  { path: '/factories', app: 'catalogue', heading: 'کارخانه‌های تولیدکننده' },
  { path: '/factories/mobarakeh-steel', app: 'catalogue', heading: 'فولاد مبارکه اصفهان' },
  { path: '/experts', app: 'catalogue', heading: 'کارشناسان فروش' },
  { path: '/export', app: 'catalogue', heading: 'صادرات' },
  { path: '/rules', app: 'catalogue', heading: 'قوانین و مقررات' },
  { path: '/about-us', app: 'catalogue', heading: 'درباره ما' },
  { path: '/contact-us', app: 'catalogue', heading: 'تماس با ما' },
  { path: '/weight_table', app: 'catalogue', heading: 'جدول وزن آهن‌آلات' },
  { path: '/reserve_warehouse', app: 'catalogue', heading: 'رزرو انبار' },
  { path: '/landing/bourse', app: 'catalogue', heading: 'عرضه‌های فولاد در بورس کالا' },
  { path: '/blog', app: 'blog', heading: 'اخبار و مقالات' },
  // An article the CMS seeds (data/domain/demo-content.json).
  { path: '/blog/buying-from-ime', app: 'blog', heading: 'خرید آهن از بورس کالا' },
  { path: '/credit', app: 'panel', heading: 'خرید اعتباری' },
  { path: '/login', app: 'panel', heading: 'ورود / ثبت‌نام' },
  { path: '/login/register', app: 'panel', heading: 'ثبت‌نام' },
  { path: '/login/forgot-password', app: 'panel', heading: 'فراموشی رمز عبور' },
  { path: '/login/reset-password', app: 'panel', heading: 'بازیابی رمز عبور' },
  { path: '/panel', app: 'panel', heading: 'پنل کاربری' },
  { path: '/panel/order', app: 'panel', heading: 'سفارش‌ها' },
  { path: '/panel/ticket', app: 'panel', heading: 'تیکت‌ها' },
  { path: '/panel/product', app: 'panel', heading: 'محصولات من' },
  { path: '/panel/bourse', app: 'panel', heading: 'بورس' },
  { path: '/panel/credit', app: 'panel', heading: 'اعتبار' },
  { path: '/panel/profile', app: 'panel', heading: 'پروفایل' },
  { path: '/panel/logout', app: 'panel', heading: 'خروج' },
];

/** Every group page (sheet and pipe) and every one of the 101 sub-category pages. */
export const TREE_PAGES: ExpectedPage[] = domainCategories.flatMap((category) => [
  ...(category.subcategories ?? []).map((sub) => ({
    path: `/${category.slug}/${sub.slug}`,
    app: 'catalogue' as const,
    heading: sub.title_fa,
  })),
  ...(category.groups ?? []).flatMap((group) => [
    { path: `/${category.slug}/${group.slug}`, app: 'catalogue' as const, heading: group.title_fa },
    ...group.subcategories.map((sub) => ({
      path: `/${category.slug}/${group.slug}/${sub.slug}`,
      app: 'catalogue' as const,
      heading: sub.title_fa,
    })),
  ]),
]);

/** The main site's redirects (no inquiry app live there: e2e/inquiry-slots.spec.ts has the old inquiry pages with it). */
export const REDIRECTS: Array<{ from: string; to: string; heading: string }> = [
  { from: '/market', to: '/landing/bourse/', heading: 'عرضه‌های فولاد در بورس کالا' },
  { from: '/support', to: '/contact-us/', heading: 'تماس با ما' },
  ...['/careers', '/informations', '/price_inquiry', '/price_inquiry_result', '/shipping_price'].map((from) => ({
    from,
    to: '/',
    heading: 'بازار آهن‌آلات',
  })),
];

/** The pages the live remotes publish and the lists above do not walk, each with where it is covered. */
export const NOT_WALKED: Record<string, string> = {
  '/search': 'its results depend on the query: e2e/search.spec.ts',
  '/login/connect/:provider': 'the return from a sign-in provider: e2e/panel-auth.spec.ts',
  '/login/*': "any other path below /login, the site's not-found page",
};

/** Each live remote's published page list, from its app manifest in a builds folder. */
export async function publishedPages(buildsDir: string): Promise<Record<string, readonly PageRoute[]>> {
  const versions = (await readLive(buildsDir))?.versions ?? {};
  return Object.fromEntries(
    Object.entries(versions)
      .filter(([app]) => app !== 'shell')
      .map(([app, version]) => {
        const manifest = path.join(buildsDir, app, version, 'app-manifest.json');
        return [app, (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { pages: PageRoute[] }).pages];
      }),
  );
}
