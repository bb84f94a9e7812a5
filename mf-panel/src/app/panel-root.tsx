import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { ReportNotFound } from '@steel/shared';
import { AUTH_PAGES } from '../features/auth/auth-pages';
import { PANEL_SECTIONS } from '../features/panel/panel-sections';
import { SectionPage } from '../features/panel/section-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { SignOutPage } from '../features/auth/sign-out-page';
import { RegisterPage } from '../features/auth/register-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SocialCallbackPage } from '../features/auth/social-callback-page';
import { CustomerOnly } from '../features/auth/customer-only';
import { ProfilePage } from '../features/profile/profile-page';
import { OrdersSection } from '../features/orders/components/orders-section';
import { TicketsSection } from '../features/tickets/components/tickets-section';
import { WatchListPage } from '../features/watch-list/components/watch-list-page';
import { BourseSection } from '../features/bourse/components/bourse-section';
import { DashboardPage } from '../features/dashboard/dashboard-page';

/** Pages with their own component; the others are headings until their issues land. */
const PAGE_ELEMENTS: Record<string, ReactElement> = {
  '/login': <SignInPage />,
  '/login/register': <RegisterPage />,
  '/login/forgot-password': <ForgotPasswordPage />,
  '/login/reset-password': <ResetPasswordPage />,
  '/login/connect/:provider': <SocialCallbackPage />,
  '/panel/profile/*': <ProfilePage />,
  '/panel/logout': <SignOutPage />,
  '/panel/order/*': <OrdersSection />,
  '/panel/ticket/*': <TicketsSection />,
  '/panel/product/*': <WatchListPage />,
  '/panel/bourse/*': <BourseSection />,
  '/panel': <DashboardPage />,
};

/** `/login/**` (default layout) and `/panel/**` (the shell's auth layout frames it). */
export function PanelRoot() {
  return (
    <div data-app="panel" className="w-full px-4 py-6">
      <Routes>
        {AUTH_PAGES.map((page) => (
          <Route key={page.path} path={page.path} element={PAGE_ELEMENTS[page.path] ?? <SectionPage page={page} />} />
        ))}
        {PANEL_SECTIONS.map((page) => (
          <Route key={page.path} path={page.path} element={<CustomerOnly>{PAGE_ELEMENTS[page.path] ?? <SectionPage page={page} />}</CustomerOnly>} />
        ))}
        {/* The shell routes all of /login/** here: an unknown sign-in page is a fatal 404. */}
        <Route path="/login/*" element={<ReportNotFound />} />
        <Route path="*" element={null} />
      </Routes>
    </div>
  );
}
