import { Link } from '@steel/shared';

const FOOTER_LINKS = [
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
];

export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <nav aria-label="پیوندهای پایین صفحه">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-slate-600 hover:text-primary-700 dark:text-slate-300">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-xs text-slate-500">قیمت‌ها تقریبی است؛ برای قیمت قطعی استعلام بگیرید.</p>
      </div>
    </footer>
  );
}
