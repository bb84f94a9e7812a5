import { newTicketSchema, ticketReplySchema } from './ticket-schemas';

describe('ticket form schemas', () => {
  it('accepts a complete ticket and trims the text', () => {
    expect(
      newTicketSchema.parse({
        subject: '  زمان ارسال  ',
        department: 'shipping',
        priority: 'high',
        message: ' کی می‌رسد؟ ',
      }),
    ).toEqual({
      subject: 'زمان ارسال',
      department: 'shipping',
      priority: 'high',
      message: 'کی می‌رسد؟',
    });
  });

  it('refuses an empty message, a short subject and unknown departments, in Persian', () => {
    const result = newTicketSchema.safeParse({ subject: 'a', department: 'hr', priority: 'medium', message: '   ' });
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['subject', 'موضوع را دست‌کم در ۳ نویسه بنویسید'],
      ['department', 'بخش را انتخاب کنید'],
      ['message', 'این فیلد الزامی است'],
    ]);
    expect(ticketReplySchema.safeParse({ body: 'x'.repeat(5001) }).error!.issues[0]!.message).toBe(
      'متن پیام حداکثر ۵۰۰۰ نویسه است',
    );
  });
});
