import { queryOptions } from '@tanstack/react-query';
import { ApiError, toLatinDigits, toPersianDigits } from '@steel/shared/remote-core';
import type { ContentClient } from '../api/content-client';

/**
 * The sales phone and messenger accounts, as the CMS keeps them (its single type `sales-contact`,
 * edited by the company): any of them may be empty. One module builds every link to them — the
 * header, the menu drawer, product pages, listing rows and the experts' phones — so each
 * messenger's link format is written once (docs/architecture.md, "Data").
 */
export interface SalesContact {
  phone: string | null;
  whatsapp: string | null;
  telegram: string | null;
  bale: string | null;
  eitaa: string | null;
}

export type ContactChannel = keyof SalesContact;

export interface ContactLink {
  channel: ContactChannel;
  href: string;
  /** What the link opens, in Persian: its accessible name («تماس تلفنی با فروش»). */
  label: string;
  /** What it shows: the number in Persian digits, or the messenger's name. */
  text: string;
  /** It leaves the site: opened in a new tab, without access to this one (`rel="noopener"`). */
  external: boolean;
}

const IRAN = '98';

/**
 * An Iranian number as people write it — `09121234567`, `021 6601 2345`, `+98 912…`, `0098…`,
 * Persian or Arabic-Indic digits, spaces, dashes, brackets — as its international digits
 * (`989121234567`), or null when it is not one.
 */
export function iranianNumber(value: string | null | undefined): string | null {
  const written = toLatinDigits(value ?? '').replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(written)) return null;
  const digits = written.replace(/^\+/, '');
  const national = digits.startsWith('00' + IRAN)
    ? digits.slice(4)
    : digits.startsWith(IRAN) && digits.length > 10
      ? digits.slice(2)
      : digits.replace(/^0/, '');
  // A landline is an area code and a number, a mobile 9xx and seven digits: ten digits in all.
  return /^[1-9]\d{9}$/.test(national) ? IRAN + national : null;
}

/** `tel:+982166012345`: dialled the same from anywhere, a phone abroad included. */
export function phoneHref(phone: string): string | null {
  const number = iranianNumber(phone);
  return number ? `tel:+${number}` : null;
}

/** «۰۲۱-۶۶۰۱۲۳۴۵», «۰۹۱۲-۱۲۳۴۵۶۷»: as Iranians read a number (the link keeps `+98…`). */
export function phoneText(phone: string): string {
  const number = iranianNumber(phone);
  if (!number) return toPersianDigits(phone);
  const national = `0${number.slice(IRAN.length)}`;
  return toPersianDigits(
    national.startsWith('09') ? national.replace(/^(\d{4})/, '$1-') : national.replace(/^(\d{3})/, '$1-'),
  );
}

/** A messenger account as the editor wrote it (`@name` or `name`), or null when it is not one. */
function username(value: string | null | undefined): string | null {
  const name = (value ?? '').trim().replace(/^@/, '');
  return /^[A-Za-z][A-Za-z0-9_]{2,63}$/.test(name) ? name : null;
}

const MESSENGERS = [
  { channel: 'telegram', name: 'تلگرام', base: 'https://t.me/' },
  { channel: 'bale', name: 'بله', base: 'https://ble.ir/' },
  { channel: 'eitaa', name: 'ایتا', base: 'https://eitaa.com/' },
] as const;

/**
 * The links to the sales contact, the phone first, then WhatsApp, Telegram, Bale and Eitaa, each
 * in its own link format; what is empty or malformed is left out (none at all without a contact).
 */
export function salesContactLinks(contact: SalesContact | null | undefined): ContactLink[] {
  if (!contact) return [];
  const links: ContactLink[] = [];
  const tel = contact.phone ? phoneHref(contact.phone) : null;
  if (tel && contact.phone)
    links.push({
      channel: 'phone',
      href: tel,
      label: 'تماس تلفنی با فروش',
      text: phoneText(contact.phone),
      external: false,
    });
  const whatsapp = iranianNumber(contact.whatsapp);
  if (whatsapp)
    links.push({
      channel: 'whatsapp',
      // wa.me takes the international number's digits alone.
      href: `https://wa.me/${whatsapp}`,
      label: 'گفت‌وگو در واتس‌اپ',
      text: 'واتس‌اپ',
      external: true,
    });
  for (const { channel, name, base } of MESSENGERS) {
    const account = username(contact[channel]);
    if (account) links.push({ channel, href: base + account, label: `گفت‌وگو در ${name}`, text: name, external: true });
  }
  return links;
}

/** The anchor's attributes for a link: one that leaves the site opens in a new tab. */
export function contactAnchorProps(link: ContactLink) {
  return link.external ? { href: link.href, target: '_blank', rel: 'noopener noreferrer' } : { href: link.href };
}

/**
 * The CMS's sales contact (public; its key is its collection's, so an editor's change turns the
 * pages that show it stale). None yet, or deleted by an editor: null, and the pages show no link.
 */
export function salesContactQuery(api: ContentClient) {
  return queryOptions({
    queryKey: ['sales-contacts'],
    queryFn: async ({ signal }): Promise<SalesContact | null> => {
      try {
        return (await api.request<{ data: SalesContact }>('/sales-contact', { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 10 * 60_000,
  });
}
