/** The site's pages besides the catalogue: the footer lists them, and so does the phone menu drawer. */
export const SITE_PAGES = [
  { to: '/about-us', label: 'درباره ما' },
  { to: '/contact-us', label: 'تماس با ما' },
  { to: '/rules', label: 'قوانین و مقررات' },
  { to: '/blog', label: 'اخبار و مقالات' },
  { to: '/factories', label: 'کارخانه‌ها' },
  { to: '/experts', label: 'کارشناسان فروش' },
  { to: '/weight_table', label: 'جدول وزن آهن‌آلات' },
  { to: '/landing/bourse', label: 'بورس کالا' },
  { to: '/export', label: 'صادرات' },
  { to: '/services', label: 'خدمات' },
] as const;
