import { PageHeader, type Category } from '@steel/shared';
import { NodeList } from './node-list';
import { CopyLinkButton } from '../share/copy-link-button';

/** `/{category}`: its sub-categories, or for sheet and pipe its groups. */
export function CategoryPage({ category }: { category: Category }) {
  const hasGroups = category.groups.length > 0;
  const nodes = hasGroups
    ? category.groups.map((group) => ({ slug: group.slug, to: `/${category.slug}/${group.slug}`, titleFa: group.titleFa }))
    : category.subcategories.map((sub) => ({ slug: sub.slug, to: `/${category.slug}/${sub.slug}`, titleFa: sub.titleFa, descriptionFa: sub.descriptionFa }));
  return (
    <section>
      <PageHeader title={category.titleFa} breadcrumb={[{ label: category.titleFa }]}>
        <p className="text-slate-600 dark:text-slate-300">{category.descriptionFa}</p>
        <CopyLinkButton />
      </PageHeader>
      <NodeList nodes={nodes} label={hasGroups ? `گروه‌های ${category.titleFa}` : `زیرشاخه‌های ${category.titleFa}`} />
    </section>
  );
}
