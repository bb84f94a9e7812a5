import { contactAnchorProps, iranianNumber, phoneHref, phoneText, salesContactLinks } from './sales-contact';

describe('the sales contact links', () => {
  it('reads an Iranian number however it is written, and refuses what is not one', () => {
    for (const written of [
      '09121234567',
      '۰۹۱۲ ۱۲۳ ۴۵۶۷',
      '+98 912 123 4567',
      '00989121234567',
      '989121234567',
      '(0912) 123-4567',
    ])
      expect(iranianNumber(written)).toBe('989121234567');
    expect(iranianNumber('021-66012345')).toBe('982166012345');
    for (const wrong of ['', '12345', '0912123456789', '0912abc4567', 'tel:09121234567', '+1 555 0100'])
      expect(iranianNumber(wrong)).toBeNull();
  });

  it('dials +98… and shows the number in Persian digits as Iranians read it', () => {
    expect(phoneHref('02191001001')).toBe('tel:+982191001001');
    expect(phoneText('02191001001')).toBe('۰۲۱-۹۱۰۰۱۰۰۱');
    expect(phoneText('+989121234567')).toBe('۰۹۱۲-۱۲۳۴۵۶۷');
    expect(phoneHref('not a number')).toBeNull();
  });

  it('builds each messenger’s own link format, with a Persian name of what it opens', () => {
    const links = salesContactLinks({
      phone: '02166012345',
      whatsapp: '۰۹۱۲۱۲۳۴۵۶۷',
      telegram: '@steel_sales',
      bale: 'steel_sales',
      eitaa: 'steel_sales',
    });
    expect(links.map(({ channel, href, label, external }) => [channel, href, label, external])).toEqual([
      ['phone', 'tel:+982166012345', 'تماس تلفنی با فروش', false],
      ['whatsapp', 'https://wa.me/989121234567', 'گفت‌وگو در واتس‌اپ', true],
      ['telegram', 'https://t.me/steel_sales', 'گفت‌وگو در تلگرام', true],
      ['bale', 'https://ble.ir/steel_sales', 'گفت‌وگو در بله', true],
      ['eitaa', 'https://eitaa.com/steel_sales', 'گفت‌وگو در ایتا', true],
    ]);
    expect(links[0]?.text).toBe('۰۲۱-۶۶۰۱۲۳۴۵');
  });

  it('leaves out what is empty or could leave the messenger’s path; nothing without a contact', () => {
    const links = salesContactLinks({ phone: null, whatsapp: '', telegram: 'a/../../x', bale: 'ok_name', eitaa: '  ' });
    expect(links.map((link) => link.href)).toEqual(['https://ble.ir/ok_name']);
    expect(salesContactLinks(null)).toEqual([]);
  });

  it('opens a link that leaves the site in a new tab without a hold on this one', () => {
    const [phone, whatsapp] = salesContactLinks({
      phone: '02166012345',
      whatsapp: '09121234567',
      telegram: null,
      bale: null,
      eitaa: null,
    });
    expect(contactAnchorProps(phone!)).toEqual({ href: 'tel:+982166012345' });
    expect(contactAnchorProps(whatsapp!)).toEqual({
      href: 'https://wa.me/989121234567',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });
});
