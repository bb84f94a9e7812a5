import { PageHeader } from '@steel/shared';
import type { PanelPageDefinition } from '../../ui/panel-page';

export type { PanelPageDefinition };

/** Heading and breadcrumb of a panel or sign-in page; their forms and lists arrive with later issues. */
export function SectionPage({ page }: { page: PanelPageDefinition }) {
  return (
    <section>
      <PageHeader title={page.title} breadcrumb={page.breadcrumb} />
    </section>
  );
}
