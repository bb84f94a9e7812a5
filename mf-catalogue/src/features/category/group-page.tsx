import { PageHeader, type Category, type CategoryGroup } from '@steel/shared';
import { categoryCrumb } from './breadcrumbs';
import { NodeList } from './node-list';

/** `/sheet/{group}` and `/pipe/{group}`: the group's sub-categories. */
export function GroupPage({ category, group }: { category: Category; group: CategoryGroup }) {
  const nodes = group.subcategories.map((sub) => ({
    slug: sub.slug,
    to: `/${category.slug}/${group.slug}/${sub.slug}`,
    titleFa: sub.titleFa,
    descriptionFa: sub.descriptionFa,
  }));
  return (
    <section>
      <PageHeader title={group.titleFa} breadcrumb={[categoryCrumb(category), { label: group.titleFa }]} />
      <NodeList nodes={nodes} label={`زیرشاخه‌های ${group.titleFa}`} />
    </section>
  );
}
