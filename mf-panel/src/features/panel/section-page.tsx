import { PageHeader, type BreadcrumbItem } from '@steel/shared';

export interface PanelPageDefinition {
  path: string;
  title: string;
  breadcrumb: BreadcrumbItem[];
}

/** Heading and breadcrumb of a panel or sign-in page; their forms and lists arrive with later issues. */
export function SectionPage({ page }: { page: PanelPageDefinition }) {
  return (
    <section>
      <PageHeader title={page.title} breadcrumb={page.breadcrumb} />
    </section>
  );
}
