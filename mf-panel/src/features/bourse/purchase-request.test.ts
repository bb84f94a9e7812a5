import { canCancelPurchaseRequest, purchaseRequestStatusName } from './purchase-request-status';
import { purchaseRequestSchema } from './purchase-request-schema';

describe('exchange purchase requests', () => {
  it('can be cancelled only while pending', () => {
    expect(canCancelPurchaseRequest('submitted')).toBe(true);
    expect(canCancelPurchaseRequest('reviewing')).toBe(true);
    for (const status of ['bidding', 'purchased', 'rejected', 'cancelled'])
      expect(canCancelPurchaseRequest(status)).toBe(false);
    expect(purchaseRequestStatusName('reviewing')).toBe('در حال بررسی');
  });

  it('reads Persian digits and separators; the price ceiling is optional', () => {
    expect(
      purchaseRequestSchema().parse({
        quantity_tonnes: '۴۰',
        max_price: '۳۵۰٬۰۰۰',
        contact_phone: '۰۲۱۸۸۷۷۶۶۵۵',
        note: '',
      }),
    ).toEqual({
      quantity_tonnes: 40,
      max_price: 350000,
      contact_phone: '02188776655',
      note: '',
    });
    expect(
      purchaseRequestSchema().parse({ quantity_tonnes: '1', max_price: '', contact_phone: '09121234567', note: '' })
        .max_price,
    ).toBeUndefined();
  });

  it("keeps the volume within the offer's purchase limits, in Persian", () => {
    const schema = purchaseRequestSchema({ min_purchase: 22, max_purchase: '500' });
    const messages = (quantity: string) =>
      schema
        .safeParse({ quantity_tonnes: quantity, contact_phone: '09121234567', note: '' })
        .error?.issues.map((issue) => issue.message);
    expect(messages('10')).toEqual(['حجم درخواستی دست‌کم ۲۲ تن است.']);
    expect(messages('600')).toEqual(['حجم درخواستی حداکثر ۵۰۰ تن است.']);
    expect(messages('0')).toEqual(['حجم درخواستی دست‌کم ۲۲ تن است.']);
    expect(messages('1,5')).toEqual([
      'در حجم درخواستی، «٬» یا «,» فقط میان هر سه رقم می‌آید؛ برای اعشار «٫» یا «.» بزنید.',
    ]);
    expect(messages('100')).toBeUndefined();
  });
});
