import { lazy, type ComponentType } from 'react';
import { textParameter, type PageHead } from '@steel/contract';
import { ReportNotFound, type PageDefinition } from '@steel/shared';
import { SignInPage } from '../features/auth/sign-in-page';
import { RegisterPage } from '../features/auth/register-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SocialCallbackPage } from '../features/auth/social-callback-page';

/** A panel page rendered in the browser only, so it declares no data for a server. */
export interface BrowserPage extends Pick<PageDefinition, 'path' | 'rendering' | 'guards' | 'layout'> {
  Page: ComponentType;
}

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
  query: [textParameter('redirect')],
  head: (): PageHead => ({ title, description, canonical: path }),
});
/**
 * Sign-in pages that are reached with a secret in the URL (a reset code, the CMS's access token
 * after social login): rendered in the browser, so the secret never becomes a page-cache key.
 */
const browserSignInPage = (path: string, Page: ComponentType): BrowserPage => ({
  path,
  Page,
  rendering: 'browser',
  guards: [],
  layout: 'default',
});
/** Signed-in customers only, in the shell's panel frame (the `auth` layout with its section links). */
const customerPage = (path: string, Page: ComponentType): BrowserPage => ({
  path,
  Page,
  rendering: 'browser',
  guards: ['auth'],
  layout: 'auth',
});

/**
 * The customer pages in chunks of their own: a visitor on a sign-in page (or anywhere else the
 * panel is not open) downloads none of the orders', tickets' or bourse forms' code. They are
 * rendered in the browser only, so nothing waits for them before a hydration (`lazyPage` is for
 * pages a server renders).
 */
function onFirstVisit<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
const DashboardPage = onFirstVisit(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const OrdersSection = onFirstVisit(() => import('../features/orders/components/orders-section'), 'OrdersSection');
const TicketsSection = onFirstVisit(() => import('../features/tickets/components/tickets-section'), 'TicketsSection');
const WatchListPage = onFirstVisit(() => import('../features/watch-list/components/watch-list-page'), 'WatchListPage');
const BourseSection = onFirstVisit(() => import('../features/bourse/components/bourse-section'), 'BourseSection');
const ProfilePage = onFirstVisit(() => import('../features/profile/profile-page'), 'ProfilePage');
const SignOutPage = onFirstVisit(() => import('../features/auth/sign-out-page'), 'SignOutPage');

/** The panel's server-rendered pages: its routes, its server render and its page manifest read this. */
export const signInPages: PageDefinition[] = [
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
 * The rest of the panel, listed once: its routes and the page manifest its build publishes (so the
 * shell sends `/login/**` and `/panel/**` here) both read this.
 */
export const browserPages: BrowserPage[] = [
  browserSignInPage('/login/reset-password', ResetPasswordPage),
  // Where the CMS sends the visitor back after social login (`/connect/{provider}`).
  browserSignInPage('/login/connect/:provider', SocialCallbackPage),
  // Everything else under /login is the panel's too: an unknown sign-in page is a fatal 404.
  browserSignInPage('/login/*', ReportNotFound),
  customerPage('/panel', DashboardPage),
  customerPage('/panel/order/*', OrdersSection),
  customerPage('/panel/ticket/*', TicketsSection),
  customerPage('/panel/product/*', WatchListPage),
  customerPage('/panel/bourse/*', BourseSection),
  customerPage('/panel/profile/*', ProfilePage),
  customerPage('/panel/logout/*', SignOutPage),
];
