import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from './breadcrumb';

/** The heading block every page starts with: breadcrumb, then the page's one <h1>. */
export function PageHeader({
  title,
  breadcrumb,
  children,
}: {
  title: string;
  breadcrumb: BreadcrumbItem[];
  children?: ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-3">
      <Breadcrumb items={breadcrumb} />
      <h1 className="text-2xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
      {children}
    </header>
  );
}
