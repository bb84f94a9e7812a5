import type { BreadcrumbItem } from '@steel/shared';

/** A panel or sign-in page as the panel's page lists declare it: path, heading and breadcrumb. */
export interface PanelPageDefinition {
  path: string;
  title: string;
  breadcrumb: BreadcrumbItem[];
}
