import type { PanelPageDefinition } from '../../ui/panel-page';

const loginCrumb = { label: 'ورود', to: '/login' };

/** Sign-in and account-recovery pages (data/domain/persian-ui.md, "Authentication"), in the default layout. */
export const AUTH_PAGES: PanelPageDefinition[] = [
  { path: '/login', title: 'ورود / ثبت‌نام', breadcrumb: [{ label: 'ورود' }] },
  { path: '/login/register', title: 'ثبت‌نام', breadcrumb: [loginCrumb, { label: 'ثبت‌نام' }] },
  { path: '/login/forgot-password', title: 'فراموشی رمز عبور', breadcrumb: [loginCrumb, { label: 'فراموشی رمز عبور' }] },
  { path: '/login/reset-password', title: 'بازیابی رمز عبور', breadcrumb: [loginCrumb, { label: 'بازیابی رمز عبور' }] },
  // Where the CMS sends the visitor back after social login (`/connect/{provider}`).
  { path: '/login/connect/:provider', title: 'در حال ورود…', breadcrumb: [loginCrumb, { label: 'ورود با حساب اجتماعی' }] },
];
