import { Link, formatNumber } from '@steel/shared';
import { PriceText } from '../../entities/product/price-text';

export interface TreeNodeLink {
  slug: string;
  to: string;
  titleFa: string;
  descriptionFa?: string;
  /** How many products the CMS lists under this node, and the lowest current price (rial per kg). */
  figures: { count: number; minPrice: number | null };
}

/** A grid of links to the next level of the tree (groups or sub-categories) with their figures. */
export function NodeList({ nodes, label }: { nodes: TreeNodeLink[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {nodes.map((node) => (
        <li key={node.slug} data-node={node.slug}>
          <Link
            to={node.to}
            className="flex h-full flex-col rounded-lg border border-slate-200 p-4 transition hover:border-primary-500 hover:shadow-sm dark:border-slate-700"
          >
            <h2 className="mb-1 font-semibold text-primary-800 dark:text-primary-300">{node.titleFa}</h2>
            {node.descriptionFa && (
              <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{node.descriptionFa}</p>
            )}
            <p className="mt-auto flex flex-wrap justify-between gap-2 pt-3 text-sm">
              <span data-product-count={node.figures.count}>
                {node.figures.count ? `${formatNumber(node.figures.count)} محصول` : 'محصولی ثبت نشده'}
              </span>
              {node.figures.minPrice !== null && (
                <span data-min-price-rial={node.figures.minPrice}>
                  از <PriceText rial={node.figures.minPrice} unit="kg" />
                </span>
              )}
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
