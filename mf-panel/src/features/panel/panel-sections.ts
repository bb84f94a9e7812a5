import type { PanelPageDefinition } from './section-page';

const panelCrumb = { label: 'پنل کاربری', to: '/panel' };

/** The customer panel's sections (data/domain/persian-ui.md, "User panel"); the shell's auth layout links the same paths. */
export const PANEL_SECTIONS: PanelPageDefinition[] = [
  { path: '/panel', title: 'پنل کاربری', breadcrumb: [{ label: 'پنل کاربری' }] },
  { path: '/panel/order/*', title: 'سفارش‌ها', breadcrumb: [panelCrumb, { label: 'سفارش‌ها' }] },
  { path: '/panel/ticket/*', title: 'تیکت‌ها', breadcrumb: [panelCrumb, { label: 'تیکت‌ها' }] },
  { path: '/panel/product/*', title: 'محصولات من', breadcrumb: [panelCrumb, { label: 'محصولات من' }] },
  { path: '/panel/bourse/*', title: 'بورس', breadcrumb: [panelCrumb, { label: 'بورس' }] },
  { path: '/panel/profile/*', title: 'پروفایل', breadcrumb: [panelCrumb, { label: 'پروفایل' }] },
  { path: '/panel/logout', title: 'خروج', breadcrumb: [panelCrumb, { label: 'خروج' }] },
];
