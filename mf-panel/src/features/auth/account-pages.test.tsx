import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { createFakeShellContext, jsonResponse, mountRemoteAlone, type FakeShellContext } from '@steel/shared/testing';
import type { User } from '@steel/contract';
import * as lifecycles from '../../app/lifecycles';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(async () => {
  await lifecycles.unmount({ name: 'panel' } as never);
  document.body.innerHTML = '';
});

const demo: User = {
  id: 3,
  username: 'demo',
  email: 'demo@example.com',
  mobile: '09121234567',
  role: { id: 1, name: 'Authenticated', type: 'authenticated' },
};
const refusal = (status: number, message: string, name = 'ValidationError') =>
  jsonResponse({ data: null, error: { status, name, message, details: {} } }, { status });

async function mountAt(path: string, fetch: jest.Mock, user?: User | null): Promise<FakeShellContext> {
  window.history.pushState(null, '', path);
  const context = createFakeShellContext({
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate: () => undefined,
    ...(user !== undefined ? { user } : {}),
  });
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  await mountRemoteAlone('panel', lifecycles, context, domElement);
  return context;
}

const bodyOf = (fetch: jest.Mock, call: number) =>
  JSON.parse((fetch.mock.calls[call] as [string, RequestInit])[1].body as string) as unknown;

describe('register', () => {
  it('when the CMS wants the e-mail confirmed first: says so, and resends the mail on request', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(
        jsonResponse({ user: { ...demo, id: 9, username: 'sara', email: 'sara@example.com', confirmed: false } }),
      )
      .mockResolvedValueOnce(jsonResponse({ email: 'sara@example.com', sent: true }));
    const context = await mountAt('/login/register', fetch);
    fireEvent.change(await screen.findByLabelText('نام کاربری'), { target: { value: 'sara' } });
    fireEvent.change(screen.getByLabelText('ایمیل'), { target: { value: 'Sara@Example.com' } });
    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '۰۹۳۵۱۲۳۴۵۶۷' } });
    fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'Secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'ثبت‌نام' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'تأیید ایمیل' })).toBeInTheDocument();
    expect(screen.getByText(/پیوند تأیید به/)).toHaveTextContent('sara@example.com');
    expect(bodyOf(fetch, 0)).toEqual({
      username: 'sara',
      email: 'sara@example.com',
      mobile: '09351234567',
      password: 'Secret123',
    });
    expect(context.session.isAuthenticated()).toBe(false);
    expect(context.navigations).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'ارسال دوباره ایمیل تأیید' }));
    expect(await screen.findByText('ایمیل تأیید دوباره فرستاده شد.')).toBeInTheDocument();
    expect((fetch.mock.calls[1] as [string])[0]).toBe('http://127.0.0.1:1337/api/auth/send-email-confirmation');
    expect(bodyOf(fetch, 1)).toEqual({ email: 'sara@example.com' });
  });
});

describe('reset password', () => {
  it('without a code in the link says so and offers a new link', async () => {
    await mountAt('/login/reset-password', jest.fn());
    expect(await screen.findByRole('alert')).toHaveTextContent('این پیوند بازیابی کامل نیست');
    expect(screen.getByRole('link', { name: 'درخواست پیوند تازه' })).toHaveAttribute('href', '/login/forgot-password');
  });

  it('sends the code with the new password, then signs in and goes to the panel', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(jsonResponse({ jwt: 'new.jwt', user: demo }))
      .mockResolvedValueOnce(jsonResponse(demo));
    const context = await mountAt('/login/reset-password?code=abc123', fetch);
    fireEvent.change(await screen.findByLabelText('رمز عبور جدید'), { target: { value: 'Newpass99' } });
    fireEvent.change(screen.getByLabelText('تکرار رمز عبور'), { target: { value: 'Newpass99' } });
    fireEvent.click(screen.getByRole('button', { name: 'ذخیره رمز عبور و ورود' }));
    await waitFor(() => expect(context.navigations).toEqual(['/panel']));
    expect(bodyOf(fetch, 0)).toEqual({ code: 'abc123', password: 'Newpass99', passwordConfirmation: 'Newpass99' });
    expect(context.session.getToken()).toBe('new.jwt');
  });
});

describe('social-login return', () => {
  it('exchanges the token once, with the CMS session cookie, and signs in', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(jsonResponse({ jwt: 'social.jwt', user: demo }))
      .mockResolvedValueOnce(jsonResponse(demo));
    const context = await mountAt('/login/connect/google?access_token=tok&redirect=/panel/order', fetch);
    await waitFor(() => expect(context.navigations).toEqual(['/panel/order']));
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:1337/api/auth/google/callback?access_token=tok&redirect=/panel/order');
    expect(init.credentials).toBe('include');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a refused token is a clear error with the way back to sign-in', async () => {
    const fetch = jest.fn().mockResolvedValueOnce(refusal(400, 'This provider is disabled', 'ApplicationError'));
    await mountAt('/login/connect/github?access_token=stub', fetch);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'ورود با حساب اجتماعی انجام نشد: ورود با این سرویس فعال نیست',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('ورود انجام نشد');
  });
});

describe('profile', () => {
  it('saves with PUT /users/me and shows the CMS refusing a taken mobile on that field', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(refusal(400, 'This mobile number is already used by another account'))
      .mockResolvedValueOnce(jsonResponse({ ...demo, mobile: '09350000001' }));
    const context = await mountAt('/panel/profile', fetch, demo);
    const form = await screen.findByRole('form', { name: 'ویرایش اطلاعات' });
    expect(screen.getByLabelText('ایمیل')).toHaveValue('demo@example.com');
    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '۰۹۱۲۰۰۰۰۰۰۲' } });
    fireEvent.submit(form);
    expect(await screen.findByText('این شماره موبایل برای حساب دیگری ثبت شده است')).toBeInTheDocument();
    expect(screen.getByLabelText('شماره موبایل')).toHaveValue('۰۹۱۲۰۰۰۰۰۰۲');
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:1337/api/users/me?populate[0]=role');
    expect(init.method).toBe('PUT');
    expect(bodyOf(fetch, 0)).toEqual({ username: 'demo', email: 'demo@example.com', mobile: '09120000002' });

    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '09350000001' } });
    fireEvent.submit(form);
    expect(await screen.findByText('با موفقیت ذخیره شد')).toBeInTheDocument();
    expect(context.session.getUser()?.mobile).toBe('09350000001');
  });

  it('a panel page shows nothing of the customer once the session ends', async () => {
    const context = await mountAt('/panel/profile', jest.fn(), demo);
    expect(await screen.findByRole('form', { name: 'ویرایش اطلاعات' })).toBeInTheDocument();
    act(() => context.session.clear());
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1 })).toBeNull());
    expect(screen.queryByDisplayValue('demo@example.com')).toBeNull();
  });
});
