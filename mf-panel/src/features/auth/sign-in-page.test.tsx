import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { createFakeShellContext, jsonResponse, mountRemoteAlone } from '@steel/shared/testing';
import * as lifecycles from '../../app/lifecycles';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const demo = {
  id: 3,
  documentId: 'd3',
  username: 'demo',
  email: 'demo@example.com',
  confirmed: true,
  blocked: false,
  role: { id: 1, name: 'Authenticated', type: 'authenticated' },
};
/** Exactly what Strapi 5's users-permissions answers to a wrong password. */
const invalidCredentials = {
  data: null,
  error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} },
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

async function mountAt(path: string, fetch: jest.Mock) {
  window.history.pushState(null, '', path);
  const context = createFakeShellContext({
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate: () => undefined,
  });
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  await mountRemoteAlone('panel', lifecycles, context, domElement);
  return context;
}

async function fillAndSubmit(identifier: string, password: string) {
  fireEvent.change(await screen.findByLabelText('ایمیل، نام کاربری یا شماره موبایل'), {
    target: { value: identifier },
  });
  fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
}

afterEach(async () => {
  await lifecycles.unmount({ name: 'panel' } as never);
  document.body.innerHTML = '';
});

describe('sign-in page', () => {
  it('says in Persian that the credentials are wrong, keeps what was typed, then signs in and follows the redirect', async () => {
    const login = deferred<Response>();
    const fetch = jest
      .fn<Promise<Response>, [string, RequestInit?]>()
      .mockResolvedValueOnce(jsonResponse(invalidCredentials, { status: 400 }))
      .mockReturnValueOnce(login.promise)
      .mockResolvedValueOnce(jsonResponse(demo));
    const context = await mountAt('/login?redirect=/panel/order', fetch);

    await fillAndSubmit('demo@example.com', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('نام کاربری یا رمز عبور نادرست است');
    expect(screen.getByLabelText('ایمیل، نام کاربری یا شماره موبایل')).toHaveValue('demo@example.com');
    expect(screen.getByLabelText('رمز عبور')).toHaveValue('wrong');
    expect(context.session.isAuthenticated()).toBe(false);

    fireEvent.change(screen.getByLabelText('رمز عبور'), { target: { value: 'Demo1234!' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    // Progress while the CMS answers: the button is disabled and says so.
    const busy = await screen.findByRole('button', { name: 'در حال ورود…' });
    expect(busy).toBeDisabled();
    login.resolve(jsonResponse({ jwt: 'real.jwt', user: demo }));

    await waitFor(() => expect(context.navigations).toEqual(['/panel/order']));
    expect(context.session.getToken()).toBe('real.jwt');
    expect(context.session.getUser()).toEqual(demo);
    const [loginUrl, loginInit] = fetch.mock.calls[1] as [string, RequestInit];
    expect(loginUrl).toBe('http://127.0.0.1:1337/api/auth/local');
    expect(JSON.parse(loginInit.body as string)).toEqual({
      identifier: 'demo@example.com',
      password: 'Demo1234!',
      deviceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(fetch.mock.calls[2]![0]).toBe('http://127.0.0.1:1337/api/users/me?populate[0]=role');
  });

  it.each(['https://evil.example', '//evil.example', 'javascript:alert(1)'])(
    'ignores redirect=%s and goes to /panel',
    async (redirect) => {
      const fetch = jest
        .fn()
        .mockResolvedValueOnce(jsonResponse({ jwt: 'real.jwt', user: demo }))
        .mockResolvedValueOnce(jsonResponse(demo));
      const context = await mountAt(`/login?redirect=${encodeURIComponent(redirect)}`, fetch);
      await fillAndSubmit('demo', 'Demo1234!');
      await waitFor(() => expect(context.navigations).toEqual(['/panel']));
    },
  );

  it('signs in by a mobile typed in Persian digits, sent with Latin ones, and never twice at once', async () => {
    const login = deferred<Response>();
    const fetch = jest.fn().mockReturnValueOnce(login.promise).mockResolvedValueOnce(jsonResponse(demo));
    const context = await mountAt('/login', fetch);
    await fillAndSubmit('۰۹۱۲۱۲۳۴۵۶۷', 'Demo1234!');
    const busy = await screen.findByRole('button', { name: 'در حال ورود…' });
    // A second submission while the first is out (Enter pressed again) sends nothing.
    fireEvent.submit(busy.closest('form')!);
    login.resolve(jsonResponse({ jwt: 'real.jwt', user: demo }));
    await waitFor(() => expect(context.navigations).toEqual(['/panel']));
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(JSON.parse((fetch.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({
      identifier: '09121234567',
      password: 'Demo1234!',
      deviceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('checks the form before calling the CMS', async () => {
    const fetch = jest.fn();
    await mountAt('/login', fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'ورود' }));
    expect(await screen.findAllByText('این فیلد الزامی است')).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says so when the CMS cannot be reached', async () => {
    const fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    await mountAt('/login', fetch);
    await fillAndSubmit('demo', 'Demo1234!');
    expect(await screen.findByRole('alert')).toHaveTextContent('ارتباط با سرور برقرار نشد');
    expect(screen.getByRole('button', { name: 'ورود' })).toBeEnabled();
  });
});

describe('sign-out page', () => {
  it('when the customer confirms, the CMS ends the session, then it is emptied here and the visitor goes home', async () => {
    window.history.pushState(null, '', '/panel/logout');
    const fetch = jest.fn(async () => jsonResponse({ ok: true }));
    const context = createFakeShellContext({
      user: { id: 1, username: 'demo', email: 'demo@example.com' },
      navigate: () => undefined,
      fetch: fetch as unknown as typeof globalThis.fetch,
    });
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    await mountRemoteAlone('panel', lifecycles, context, domElement);
    fireEvent.click(await screen.findByRole('button', { name: 'خروج از حساب' }));
    await waitFor(() => expect(context.session.isAuthenticated()).toBe(false));
    expect(fetch).toHaveBeenCalledWith(
      'http://127.0.0.1:1337/api/auth/logout',
      expect.objectContaining({ method: 'POST', credentials: 'include' }),
    );
    expect(context.session.getToken()).toBeNull();
    expect(context.navigations).toEqual(['/']);
  });

  it('keeps the customer signed in on a mere visit', async () => {
    window.history.pushState(null, '', '/panel/logout');
    const context = createFakeShellContext({ user: { id: 1, username: 'demo', email: 'demo@example.com' } });
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    await mountRemoteAlone('panel', lifecycles, context, domElement);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('خروج');
    expect(context.session.isAuthenticated()).toBe(true);
  });
});
