import { type StatusVocabulary, isStatusOf, statusKeys, statusLook } from '@steel/shared';
import fs from 'node:fs';
import path from 'node:path';
import {
  CREDIT_REQUEST_STATUS,
  ORDER_STATUS,
  PURCHASE_REQUEST_STATUS,
  RESERVATION_STATUS,
  TICKET_STATUS,
} from './statuses';

describe('status vocabularies', () => {
  it('give every status a Persian name and a tone', () => {
    const vocabularies: StatusVocabulary<string>[] = [
      ORDER_STATUS,
      TICKET_STATUS,
      PURCHASE_REQUEST_STATUS,
      RESERVATION_STATUS,
      CREDIT_REQUEST_STATUS,
    ];
    for (const of of vocabularies) {
      for (const key of statusKeys(of)) expect(statusLook(of, key).name).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it("show an unknown status as it is, in the vocabulary's own tone", () => {
    expect(statusLook(ORDER_STATUS, 'mystery')).toEqual({ name: 'mystery', tone: 'neutral' });
    expect(statusLook(TICKET_STATUS, 'toString')).toEqual({ name: 'toString', tone: 'info' });
    expect(statusLook(PURCHASE_REQUEST_STATUS, 'x').tone).toBe('warning');
    expect(isStatusOf(RESERVATION_STATUS, 'reserved')).toBe(true);
    expect(isStatusOf(RESERVATION_STATUS, 'constructor')).toBe(false);
  });

  it('name every status the CMS gives a credit request, in its order', () => {
    const schema = JSON.parse(
      fs.readFileSync(
        path.join(__dirname, '../../../deploy/cms/src/api/credit-request/content-types/credit-request/schema.json'),
        'utf8',
      ),
    ) as { attributes: { status: { enum: string[] } } };
    expect(statusKeys(CREDIT_REQUEST_STATUS)).toEqual(schema.attributes.status.enum);
  });
});
