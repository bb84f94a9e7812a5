import type { ComponentType } from 'react';
import { ReportNotFound, type PageDefinition } from '@steel/shared';
import { SignInPage } from '../features/auth/sign-in-page';
import { SignOutPage } from '../features/auth/sign-out-page';
import { RegisterPage } from '../features/auth/register-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SocialCallbackPage } from '../features/auth/social-callback-page';
import { ProfilePage } from '../features/profile/profile-page';
import { OrdersSection } from '../features/orders/components/orders-section';
import { TicketsSection } from '../features/tickets/components/tickets-section';
import { WatchListPage } from '../features/watch-list/components/watch-list-page';
import { BourseSection } from '../features/bourse/components/bourse-section';
import { DashboardPage } from '../features/dashboard/dashboard-page';

/** A panel page: rendered in the browser only (private), so it declares no data for a server. */
export interface PanelPage extends Pick<PageDefinition, 'path' | 'rendering' | 'guards' | 'layout'> {
  Page: ComponentType;
}

const signInPage = (path: string, Page: ComponentType): PanelPage => ({ path, Page, rendering: 'browser', guards: [], layout: 'default' });
/** Signed-in customers only, in the shell's panel frame (the `auth` layout with its section links). */
const customerPage = (path: string, Page: ComponentType): PanelPage => ({ path, Page, rendering: 'browser', guards: ['auth'], layout: 'auth' });

/**
 * Every page of the panel, listed once: the panel's routes and the page manifest its build
 * publishes (so the shell sends `/login/**` and `/panel/**` here) both read this.
 */
export const panelPages: PanelPage[] = [
  signInPage('/login', SignInPage),
  signInPage('/login/register', RegisterPage),
  signInPage('/login/forgot-password', ForgotPasswordPage),
  signInPage('/login/reset-password', ResetPasswordPage),
  // Where the CMS sends the visitor back after social login (`/connect/{provider}`).
  signInPage('/login/connect/:provider', SocialCallbackPage),
  // Everything else under /login is the panel's too: an unknown sign-in page is a fatal 404.
  signInPage('/login/*', ReportNotFound),
  customerPage('/panel', DashboardPage),
  customerPage('/panel/order/*', OrdersSection),
  customerPage('/panel/ticket/*', TicketsSection),
  customerPage('/panel/product/*', WatchListPage),
  customerPage('/panel/bourse/*', BourseSection),
  customerPage('/panel/profile/*', ProfilePage),
  customerPage('/panel/logout/*', SignOutPage),
];
