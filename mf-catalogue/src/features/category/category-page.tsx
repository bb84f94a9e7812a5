import { useSuspenseQuery } from '@tanstack/react-query';
import { PageHeader, useShell } from '@steel/shared';
import type { Category } from '../../entities/category/category-tree';
import { NodeList } from './node-list';
import { PriceTableLink } from '../../entities/product/listing/price-table-link';
import { CopyLinkButton } from '../../lib/share/copy-link-button';
import { categoryOverviewQuery, figuresUnder } from '../../entities/product/listing-queries';

/** `/{category}`: its sub-categories, or for sheet and pipe its groups, with counts and lowest prices. */
export function CategoryPage({ category }: { category: Category }) {
  const { api } = useShell();
  const { data } = useSuspenseQuery(categoryOverviewQuery(api, category.slug));
  const hasGroups = category.groups.length > 0;
  const children = hasGroups ? category.groups : category.subcategories;
  const nodes = children.map((child) => {
    const to = `/${category.slug}/${child.slug}`;
    return {
      slug: child.slug,
      to,
      titleFa: child.titleFa,
      descriptionFa: 'descriptionFa' in child ? child.descriptionFa : undefined,
      figures: figuresUnder(data.subcategories, to),
    };
  });
  return (
    <section>
      <PageHeader title={category.titleFa} breadcrumb={[{ label: category.titleFa }]}>
        <p className="text-slate-600 dark:text-slate-300">{category.descriptionFa}</p>
        <div className="flex flex-wrap items-center gap-3">
          <PriceTableLink href={`/${category.slug}?view=prices`} />
          <CopyLinkButton />
        </div>
      </PageHeader>
      <NodeList nodes={nodes} label={hasGroups ? `گروه‌های ${category.titleFa}` : `زیرشاخه‌های ${category.titleFa}`} />
    </section>
  );
}
