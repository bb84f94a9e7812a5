import { Link } from '@steel/shared';
import { useSiteNavigation } from './site-navigation';

/** The footer: the pages the live apps place there. */
export function SiteFooter() {
  const { footer } = useSiteNavigation();
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4 py-8">
        <nav aria-label="پیوندهای پایین صفحه">
          <ul className="flex flex-wrap gap-x-6 text-sm md:gap-y-2">
            {footer.map((link) => (
              <li key={link.path}>
                {/* A finger-sized target on phones (44 px), plain text links on wide screens. */}
                <Link
                  to={link.path}
                  className="inline-flex min-h-11 items-center text-slate-600 hover:text-primary-700 md:min-h-0 dark:text-slate-300"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 text-xs text-slate-500 dark:text-slate-400">
          قیمت‌ها تقریبی است؛ برای قیمت قطعی استعلام بگیرید.
        </p>
      </div>
    </footer>
  );
}
