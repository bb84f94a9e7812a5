import type { FunctionComponent } from 'react';
import { lazyPage, type PageDefinition, type PageUrl } from '@steel/shared';
import { textParameter, type PageHead } from '@steel/contract';
import { SignInPage } from '../features/auth/sign-in-page';
import { RegisterPage } from '../features/auth/register-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SocialCallbackPage } from '../features/auth/social-callback-page';
import { customerOnly } from '../features/auth/customer-only';
import { creditPage } from '../features/credit/credit-page';

/**
 * A public sign-in page, rendered on the server like the catalogue's pages: its form is on screen
 * with the HTML (a phone's first paint does not wait for the panel's code) and stays disabled until
 * hydrated (`HydratedForm`). It reads no data; `?redirect=` is part of the page (its links carry it
 * on), so the page cache keys by it.
 */
const serverSignInPage = (
  path: string,
  title: string,
  description: string,
  Page: PageDefinition['Page'],
): PageDefinition => ({
  path,
  Page,
  guards: [],
  // A path of the site to return to, with its own query: far longer than the default value.
  query: [textParameter('redirect', { maxLength: 1000 })],
  head: (): PageHead => ({ title, description, canonical: path }),
});
/** A private page's head: its title in the tab, never indexed. */
const privateHead =
  (title: string) =>
  (url: PageUrl): PageHead => ({ title, canonical: url.pathname, noindex: true });

/**
 * Sign-in pages that are reached with a secret in the URL (a reset code, the CMS's access token
 * after social login): rendered in the browser, so the secret never becomes a page-cache key.
 */
const browserSignInPage = (path: string, title: string, Page: FunctionComponent): PageDefinition => ({
  path,
  Page,
  rendering: 'browser',
  guards: [],
  layout: 'default',
  head: privateHead(title),
});

/**
 * Signed-in customers only, in the shell's panel frame (the `auth` layout with its section links),
 * each in a chunk of its own: a visitor on a sign-in page (or anywhere else the panel is not open)
 * downloads none of the orders', tickets' or bourse forms' code. Rendered in the browser only, so
 * nothing waits for them before a hydration.
 */
const customerPage = (
  path: string,
  title: string,
  load: () => Promise<FunctionComponent>,
  slots?: PageDefinition['slots'],
): PageDefinition => ({
  path,
  ...(slots ? { slots } : {}),
  rendering: 'browser',
  guards: ['auth'],
  layout: 'auth',
  head: privateHead(title),
  Page: lazyPage(() => load().then((Page) => ({ default: customerOnly(Page) }))),
});

/** The panel's server-rendered pages: the public sign-in forms (and `/credit`, below). */
const signInPages: PageDefinition[] = [
  serverSignInPage(
    '/login',
    'ورود',
    'ورود به حساب کاربری بازار آهن‌آلات با ایمیل، نام کاربری یا شماره موبایل',
    SignInPage,
  ),
  serverSignInPage(
    '/login/register',
    'ثبت‌نام',
    'ساخت حساب کاربری در بازار آهن‌آلات برای ثبت سفارش، تیکت و درخواست خرید از بورس',
    RegisterPage,
  ),
  serverSignInPage(
    '/login/forgot-password',
    'فراموشی رمز عبور',
    'دریافت پیوند بازیابی رمز عبور حساب کاربری بازار آهن‌آلات',
    ForgotPasswordPage,
  ),
];

/**
 * Every page of the panel, listed once: its routes, its server render (the sign-in pages, `/credit`)
 * and the page list its build publishes (so the shell sends `/login/**`, `/panel/**` and `/credit`
 * here) read this.
 */
export const panelPages: PageDefinition[] = [
  ...signInPages,
  browserSignInPage('/login/reset-password', 'بازیابی رمز عبور', ResetPasswordPage),
  // Where the CMS sends the visitor back after social login (`/connect/{provider}`).
  browserSignInPage('/login/connect/:provider', 'ورود', SocialCallbackPage),
  // Everything else under /login is the panel's too: an unknown sign-in page names nothing, a fatal 404.
  { path: '/login/*', rendering: 'browser', guards: [], head: () => null, Page: () => null },
  // Public: the terms of buying on credit and a signed-in buyer's request, which the panel lists.
  creditPage,
  customerPage(
    '/panel',
    'داشبورد',
    () => import('../features/dashboard/dashboard-page').then((module) => module.DashboardPage),
    ['panel.dashboard'],
  ),
  customerPage('/panel/order/*', 'سفارش‌ها', () =>
    import('../features/orders/components/orders-section').then((module) => module.OrdersSection),
  ),
  customerPage('/panel/ticket/*', 'تیکت‌ها', () =>
    import('../features/tickets/components/tickets-section').then((module) => module.TicketsSection),
  ),
  customerPage('/panel/product/*', 'محصولات من', () =>
    import('../features/watch-list/components/watch-list-page').then((module) => module.WatchListPage),
  ),
  customerPage('/panel/bourse/*', 'بورس', () =>
    import('../features/bourse/components/bourse-section').then((module) => module.BourseSection),
  ),
  customerPage('/panel/credit/*', 'اعتبار', () =>
    import('../features/credit/components/credit-section').then((module) => module.CreditSection),
  ),
  customerPage('/panel/profile/*', 'پروفایل', () =>
    import('../features/profile/profile-page').then((module) => module.ProfilePage),
  ),
  customerPage('/panel/logout/*', 'خروج', () =>
    import('../features/auth/sign-out-page').then((module) => module.SignOutPage),
  ),
];
