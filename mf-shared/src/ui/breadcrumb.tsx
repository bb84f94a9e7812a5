import { ChevronLeft } from 'lucide-react';
import { Link } from './link';

export interface BreadcrumbItem {
  label: string;
  /** Omitted for the current page. */
  to?: string;
}

/** «صفحه اصلی › … › current page»; the separator points to the reading direction (RTL: left). */
export function Breadcrumb({ items }: { items: BreadcrumbItem[] }) {
  const trail: BreadcrumbItem[] = [{ label: 'صفحه اصلی', to: '/' }, ...items];
  return (
    <nav aria-label="مسیر صفحه" className="text-sm text-slate-600 dark:text-slate-300">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((item, index) => {
          const isLast = index === trail.length - 1;
          return (
            <li key={`${item.label}-${index}`} className="flex items-center gap-1">
              {item.to && !isLast ? (
                <Link to={item.to} className="hover:text-primary-700 hover:underline">
                  {item.label}
                </Link>
              ) : (
                <span
                  aria-current={isLast ? 'page' : undefined}
                  className="font-medium text-slate-900 dark:text-slate-100"
                >
                  {item.label}
                </span>
              )}
              {!isLast && <ChevronLeft aria-hidden="true" className="size-4 text-slate-400" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
