import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { jsonResponse } from '@steel/shared/testing';
import { mountPanelAt, unmountPanel } from '../../../dev/mount-panel-alone';

afterEach(unmountPanel);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

describe('new ticket form', () => {
  it('checks the fields in Persian before sending anything', async () => {
    const fetch = jest.fn();
    await mountPanelAt('/panel/ticket/new', fetch);
    fireEvent.click(await screen.findByRole('button', { name: 'ارسال' }));
    expect(await screen.findByText('موضوع را دست‌کم در ۳ نویسه بنویسید')).toBeInTheDocument();
    expect(screen.getByLabelText('موضوع')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('این فیلد الزامی است')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('is sent once however often it is clicked, keeps the values when the CMS refuses, then opens the new thread', async () => {
    const second = deferred<Response>();
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          {
            data: null,
            error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} },
          },
          { status: 500 },
        ),
      )
      .mockReturnValueOnce(second.promise);
    const context = await mountPanelAt('/panel/ticket/new', fetch);

    fireEvent.change(await screen.findByLabelText('موضوع'), { target: { value: 'زمان بارگیری' } });
    fireEvent.change(screen.getByLabelText('بخش'), { target: { value: 'shipping' } });
    fireEvent.change(screen.getByLabelText('اولویت'), { target: { value: 'urgent' } });
    fireEvent.change(screen.getByLabelText('متن پیام'), { target: { value: '<b>کی</b> بار می‌زنید؟' } });
    fireEvent.click(screen.getByRole('button', { name: 'ارسال' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('خطای سرور؛ لطفاً دوباره تلاش کنید');
    expect(screen.getByLabelText('موضوع')).toHaveValue('زمان بارگیری');
    expect(screen.getByLabelText('بخش')).toHaveValue('shipping');
    expect(screen.getByLabelText('متن پیام')).toHaveValue('<b>کی</b> بار می‌زنید؟');

    fireEvent.click(screen.getByRole('button', { name: 'ارسال' }));
    const busy = await screen.findByRole('button', { name: 'در حال ارسال…' });
    expect(busy).toBeDisabled();
    fireEvent.click(busy);
    fireEvent.submit(busy.closest('form')!);
    second.resolve(
      jsonResponse(
        { data: { id: 9, documentId: 'tnew', number: 'T-1', subject: 'زمان بارگیری', status: 'open' } },
        { status: 201 },
      ),
    );
    await waitFor(() => expect(context.navigations).toEqual(['/panel/ticket/tnew']));

    expect(fetch).toHaveBeenCalledTimes(2);
    const [url, init] = fetch.mock.calls[1] as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:1337/api/tickets');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      data: {
        subject: 'زمان بارگیری',
        department: 'shipping',
        priority: 'urgent',
        messages: [{ body: '<b>کی</b> بار می‌زنید؟' }],
      },
    });
  });
});
