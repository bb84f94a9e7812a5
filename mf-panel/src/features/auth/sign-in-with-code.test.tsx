import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { createFakeShellContext, jsonResponse, mountRemoteAlone } from '@steel/shared/testing';
import * as lifecycles from '../../app/lifecycles';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

const customer = {
  id: 7,
  documentId: 'd7',
  username: '09351234567',
  email: '09351234567@sms.invalid',
  mobile: '09351234567',
  confirmed: true,
  blocked: false,
  role: { id: 1, name: 'Authenticated', type: 'authenticated' },
};
/** The CMS's refusal of a wrong code (deploy/cms/src/api/sign-in-code), Persian already. */
const wrongCode = {
  data: null,
  error: {
    status: 400,
    name: 'ValidationError',
    message: 'کد واردشده درست نیست.',
    details: { key: 'code', reason: 'wrong-code', attemptsLeft: 4 },
  },
};
const tooManyForNumber = {
  data: null,
  error: {
    status: 429,
    name: 'RateLimitError',
    message: 'برای این شماره در یک دقیقه کد زیادی درخواست شده است. لطفاً یک دقیقه دیگر دوباره تلاش کنید.',
    details: { limit: 'sms-code-mobile' },
  },
};

async function mountLogin(fetch: jest.Mock) {
  window.history.pushState(null, '', '/login');
  const context = createFakeShellContext({
    fetch: fetch as unknown as typeof globalThis.fetch,
    navigate: () => undefined,
  });
  const domElement = document.createElement('div');
  document.body.appendChild(domElement);
  await mountRemoteAlone('panel', lifecycles, context, domElement);
  fireEvent.click(await screen.findByRole('radio', { name: 'با کد پیامکی' }));
  return context;
}

const callOf = (fetch: jest.Mock, call: number) => fetch.mock.calls[call] as [string, RequestInit];
const bodyOf = (fetch: jest.Mock, call: number) =>
  JSON.parse(callOf(fetch, call)[1].body as string) as Record<string, unknown>;

afterEach(async () => {
  await lifecycles.unmount({ name: 'panel' } as never);
  document.body.innerHTML = '';
});

describe('sign-in with a code by SMS', () => {
  it('sends the number typed in Persian digits as 09…, then signs in with the code as a password sign-in does', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(jsonResponse({ sent: true, mobile: '09351234567', expiresInSeconds: 120 }))
      .mockResolvedValueOnce(jsonResponse(wrongCode, { status: 400 }))
      .mockResolvedValueOnce(jsonResponse({ jwt: 'code.jwt', user: customer }))
      .mockResolvedValueOnce(jsonResponse(customer));
    const context = await mountLogin(fetch);
    expect(screen.getByRole('radio', { name: 'با کد پیامکی' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'روش ورود' })).toBeInTheDocument();

    const mobile = screen.getByLabelText('شماره موبایل');
    expect(mobile).toHaveAttribute('inputmode', 'numeric');
    fireEvent.change(mobile, { target: { value: '+۹۸ ۹۳۵ ۱۲۳ ۴۵۶۷' } });
    fireEvent.click(screen.getByRole('button', { name: 'دریافت کد' }));

    const code = await screen.findByLabelText('کد ورود');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(callOf(fetch, 0)[0]).toBe('http://127.0.0.1:1337/api/auth/otp/request');
    expect(bodyOf(fetch, 0)).toEqual({ mobile: '09351234567' });
    // A new code only after the countdown.
    expect(screen.getByRole('button', { name: /ارسال دوباره کد تا .* ثانیه دیگر/ })).toBeDisabled();

    fireEvent.change(code, { target: { value: '۱۱۱۱۱۱' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('کد واردشده درست نیست.');
    expect(context.session.isAuthenticated()).toBe(false);

    fireEvent.change(code, { target: { value: '۴۸۲۱۹۰' } });
    fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(context.navigations).toEqual(['/panel']));
    expect(callOf(fetch, 2)[0]).toBe('http://127.0.0.1:1337/api/auth/otp/verify');
    expect(bodyOf(fetch, 2)).toEqual({
      mobile: '09351234567',
      code: '482190',
      deviceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(context.session.getToken()).toBe('code.jwt');
    expect(context.session.getUser()).toEqual(customer);
  });

  it('shows the CMS’s Persian refusal of too many codes for one number, and checks the form before calling it', async () => {
    const fetch = jest.fn().mockResolvedValueOnce(jsonResponse(tooManyForNumber, { status: 429 }));
    await mountLogin(fetch);
    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'دریافت کد' }));
    expect(await screen.findByText('شماره موبایل معتبر نیست')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('شماره موبایل'), { target: { value: '09351234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'دریافت کد' }));
    expect(await screen.findByText(/برای این شماره در یک دقیقه کد زیادی درخواست شده است/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(screen.queryByLabelText('کد ورود')).not.toBeInTheDocument();
  });
});
