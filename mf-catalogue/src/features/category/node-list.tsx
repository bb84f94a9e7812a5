import { Link } from '@steel/shared';

export interface TreeNodeLink {
  slug: string;
  to: string;
  titleFa: string;
  descriptionFa?: string;
}

/** A grid of links to the next level of the tree (groups or sub-categories). */
export function NodeList({ nodes, label }: { nodes: TreeNodeLink[]; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {nodes.map((node) => (
        <li key={node.slug}>
          <Link
            to={node.to}
            className="block h-full rounded-lg border border-slate-200 p-4 transition hover:border-primary-500 hover:shadow-sm dark:border-slate-700"
          >
            <h2 className="mb-1 font-semibold text-primary-800 dark:text-primary-300">{node.titleFa}</h2>
            {node.descriptionFa && <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-300">{node.descriptionFa}</p>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
