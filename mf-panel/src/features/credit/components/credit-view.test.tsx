import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { jsonResponse } from '@steel/shared/testing';
import { mountPanelAt, unmountPanel } from '../../../dev/mount-panel-alone';

afterEach(unmountPanel);

// The terms as the CMS seeds them.
const TERMS = (
  JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../../data/domain/credit-terms.json'), 'utf8')) as {
    credit_setting: object;
  }
).credit_setting;

const refusal = () =>
  jsonResponse(
    {
      data: null,
      error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} },
    },
    { status: 500 },
  );

describe('the credit page of a signed-in buyer', () => {
  it('shows the terms, names what is missing in Persian, keeps what was typed when the CMS fails, then goes to the panel', async () => {
    const bodies: string[] = [];
    const fetch = jest.fn((url: string, init?: RequestInit): Promise<Response> => {
      if (url.endsWith('/api/credit-setting')) return Promise.resolve(jsonResponse({ data: TERMS }));
      if (url.endsWith('/api/credit-requests') && init?.method === 'POST') {
        bodies.push(init.body as string);
        // The first send fails on the CMS's side; the second is stored.
        return Promise.resolve(
          bodies.length === 1
            ? refusal()
            : jsonResponse({ data: { documentId: 'c1', status: 'submitted' } }, { status: 201 }),
        );
      }
      throw new Error(`unexpected ${url}`);
    });
    const context = await mountPanelAt('/credit', fetch);
    expect(await screen.findByRole('heading', { name: 'خرید اعتباری آهن‌آلات' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('مبلغ اعتبار (ریال)'), { target: { value: '۲٬۵۰۰٬۰۰۰٬۰۰۰' } });
    fireEvent.click(screen.getByRole('button', { name: 'ثبت درخواست اعتبار' }));
    expect(await screen.findByText('دست‌کم یک تضمین انتخاب کنید.')).toBeInTheDocument();
    expect(screen.getByText(/^مدت بازپرداخت را انتخاب کنید/)).toBeInTheDocument();
    expect(screen.getByText('این فیلد الزامی است')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'تضمین‌های پیشنهادی' })).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(screen.getByRole('radio', { name: '۶ ماه' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'سفته' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'ضمانت‌نامهٔ بانکی' }));
    fireEvent.change(screen.getByLabelText('شرح مدارک'), { target: { value: 'گردش حساب' } });
    fireEvent.click(screen.getByRole('button', { name: 'ثبت درخواست اعتبار' }));

    expect(
      await screen.findByText(/^خطای سرور؛ لطفاً دوباره تلاش کنید. آنچه وارد کرده‌اید حفظ شده است/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('مبلغ اعتبار (ریال)')).toHaveValue('۲٬۵۰۰٬۰۰۰٬۰۰۰');
    expect(screen.getByRole('radio', { name: '۶ ماه' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'سفته' })).toBeChecked();
    expect(screen.getByLabelText('شرح مدارک')).toHaveValue('گردش حساب');

    fireEvent.click(screen.getByRole('button', { name: 'ثبت درخواست اعتبار' }));
    await waitFor(() => expect(context.navigations).toEqual(['/panel/credit']));
    expect(bodies).toHaveLength(2);
    expect(JSON.parse(bodies[1]!)).toEqual({
      data: {
        amount_rial: 2_500_000_000,
        term_months: 6,
        guarantees: ['promissory_note', 'bank_guarantee'],
        documents_description: 'گردش حساب',
      },
    });
  });
});
