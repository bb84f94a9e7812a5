import { newOrderSchema } from './new-order-schema';

const valid = {
  items: [{ product_slug: 'rebar-kalaf-1', quantity: '۱۲٫۵' }],
  delivery_address: 'تهران، خیابان آزادی',
  contact_phone: '۰۹۱۲۱۲۳۴۵۶۷',
  note: '',
};

describe('new order form schema', () => {
  it('reads Persian digits and the Persian decimal mark', () => {
    const parsed = newOrderSchema.parse(valid);
    expect(parsed.items[0]!.quantity).toBe(12.5);
    expect(parsed.contact_phone).toBe('09121234567');
  });

  it('says in Persian what is wrong', () => {
    const result = newOrderSchema.safeParse({
      ...valid,
      items: [{ product_slug: 'x', quantity: '0' }],
      delivery_address: 'کو',
      contact_phone: '12',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toEqual([
      'items.0.quantity: مقدار باید بیشتر از صفر باشد.',
      'delivery_address: نشانی تحویل را کامل بنویسید',
      'contact_phone: شماره تماس را با کد شهر یا به شکل ۰۹xxxxxxxxx وارد کنید',
    ]);
  });

  it('needs at least one product and a number as quantity', () => {
    expect(newOrderSchema.safeParse({ ...valid, items: [] }).error!.issues[0]!.message).toBe(
      'دست‌کم یک محصول انتخاب کنید',
    );
    expect(
      newOrderSchema.safeParse({ ...valid, items: [{ product_slug: 'x', quantity: 'ده' }] }).error!.issues[0]!.message,
    ).toBe('مقدار را با عدد بنویسید: فقط رقم، «٫» یا «.» برای اعشار و «٬» یا «,» میان هر سه رقم.');
  });
});
