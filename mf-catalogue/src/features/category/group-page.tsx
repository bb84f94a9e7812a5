import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader, useShell } from '@steel/shared';
import type { Category, CategoryGroup } from '../../entities/category/category-tree';
import { categoryCrumb } from '../../entities/category/breadcrumbs';
import { NodeList } from './node-list';
import { PriceTableLink } from '../../entities/product/listing/price-table-link';
import { categoryOverviewQuery, figuresUnder } from '../../entities/product/listing-queries';

/** `/sheet/{group}` and `/pipe/{group}`: the group's sub-categories with counts and lowest prices. */
export function GroupPage({ category, group }: { category: Category; group: CategoryGroup }) {
  const { api } = useShell();
  const { data } = useSuspenseQuery(categoryOverviewQuery(api, category.slug));
  const nodes = group.subcategories.map((sub) => {
    const to = `/${category.slug}/${group.slug}/${sub.slug}`;
    return {
      slug: sub.slug,
      to,
      titleFa: sub.titleFa,
      descriptionFa: sub.descriptionFa,
      figures: figuresUnder(data.subcategories, to),
    };
  });
  return (
    <section>
      <PageHeader title={group.titleFa} breadcrumb={[categoryCrumb(category), { label: group.titleFa }]}>
        <PriceTableLink href={`/${category.slug}/${group.slug}?view=prices`} />
      </PageHeader>
      <NodeList nodes={nodes} label={`زیرشاخه‌های ${group.titleFa}`} />
    </section>
  );
}
