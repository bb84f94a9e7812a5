import { fireEvent, screen, waitFor } from '@testing-library/react';
import '@testing-library/jest-dom';
import { jsonResponse } from '@steel/shared/testing';
import { mountPanelAt, unmountPanel } from '../../../dev/mount-panel-alone';

afterEach(unmountPanel);

const rebar = {
  id: 1,
  documentId: 'p1',
  slug: 'rebar-kalaf-1',
  name: 'میلگرد کلاف ۸',
  sale_unit: 'tonne',
  price: '345000',
  illustrative: true,
};

describe('new order request', () => {
  it('offers the linked product with its illustrative price, reads Persian digits and sends numbers', async () => {
    const fetch = jest
      .fn<Promise<Response>, [string, RequestInit?]>()
      .mockResolvedValueOnce(
        jsonResponse({ data: [rebar], meta: { pagination: { page: 1, pageSize: 1, pageCount: 1, total: 1 } } }),
      )
      .mockResolvedValueOnce(
        jsonResponse(
          { data: { id: 7, documentId: 'onew', number: 'SO-X', status: 'pending_review' } },
          { status: 201 },
        ),
      );
    const context = await mountPanelAt('/panel/order/new?product=rebar-kalaf-1', fetch);

    const quantity = await screen.findByLabelText('مقدار میلگرد کلاف ۸ (تن)');
    expect(screen.getByText(/قیمت هر کیلوگرم: ۳۴٬۵۰۰ تومان — قیمت‌ها تقریبی است/)).toBeInTheDocument();
    // The customer's own mobile is the default contact number.
    expect(screen.getByLabelText('شماره تماس')).toHaveValue('09121234567');
    fireEvent.change(quantity, { target: { value: '۱۲٫۵' } });
    fireEvent.change(screen.getByLabelText('محل تحویل'), { target: { value: 'تهران، خیابان آزادی' } });
    fireEvent.click(screen.getByRole('button', { name: 'ثبت سفارش' }));

    await waitFor(() => expect(context.navigations).toEqual(['/panel/order/onew']));
    expect(fetch.mock.calls[0]![0]).toContain('/api/products?filters[slug][$in][0]=rebar-kalaf-1');
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe('http://127.0.0.1:1337/api/orders');
    expect(JSON.parse(init!.body as string)).toEqual({
      data: {
        items: [{ product_slug: 'rebar-kalaf-1', quantity: 12.5 }],
        delivery_address: 'تهران، خیابان آزادی',
        contact_phone: '09121234567',
        note: '',
      },
    });
  });

  it('without a product, says where to choose one', async () => {
    await mountPanelAt('/panel/order/new', jest.fn());
    expect(await screen.findByRole('link', { name: 'محصولات من' })).toHaveAttribute('href', '/panel/product');
  });
});
