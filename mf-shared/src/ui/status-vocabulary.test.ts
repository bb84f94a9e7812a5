import { isStatusOf, statusKeys, statusLook, statusVocabulary } from './status-vocabulary';

const DELIVERY = statusVocabulary(
  {
    sent: { name: 'ارسال شد', tone: 'info' },
    delivered: { name: 'تحویل شد', tone: 'success' },
  },
  'warning',
);

describe('status vocabularies', () => {
  it('give each known status its name and tone, in order', () => {
    expect(statusKeys(DELIVERY)).toEqual(['sent', 'delivered']);
    expect(statusLook(DELIVERY, 'delivered')).toEqual({ name: 'تحویل شد', tone: 'success' });
  });

  it("show an unknown status as it is, in the vocabulary's own tone; inherited names are no status", () => {
    expect(statusLook(DELIVERY, 'lost')).toEqual({ name: 'lost', tone: 'warning' });
    expect(statusLook(DELIVERY, 'toString')).toEqual({ name: 'toString', tone: 'warning' });
    expect(isStatusOf(DELIVERY, 'sent')).toBe(true);
    expect(isStatusOf(DELIVERY, 'constructor')).toBe(false);
    expect(isStatusOf(DELIVERY, 7)).toBe(false);
  });
});
