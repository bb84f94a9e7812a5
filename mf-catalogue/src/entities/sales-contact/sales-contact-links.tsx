import { useSuspenseQuery } from '@tanstack/react-query';
import { MessageCircle, Phone } from 'lucide-react';
import { contactAnchorProps, salesContactLinks, salesContactQuery, useShell, type ContactLink } from '@steel/shared';

/**
 * The sales contact's links on the catalogue's pages (the product page, a listing's rows on
 * phones): a page that shows them declares `salesContactQuery` in its data, so they are in the
 * server's HTML.
 */
export function useSalesContactLinks(): ContactLink[] {
  const { data } = useSuspenseQuery(salesContactQuery(useShell().api));
  return salesContactLinks(data);
}

const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600';

/** The product page's: a call button, then one per messenger; nothing when the CMS holds none. */
export function ProductContact({ productName }: { productName: string }) {
  const links = useSalesContactLinks();
  if (links.length === 0) return null;
  const call = links.find((link) => link.channel === 'phone');
  const messengers = links.filter((link) => link !== call);
  return (
    <section aria-label={`تماس با فروش درباره‌ی ${productName}`} className="flex flex-col gap-2" data-sales-contact>
      {call && (
        <a
          {...contactAnchorProps(call)}
          className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-md bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800 ${focusRing}`}
        >
          <Phone aria-hidden="true" className="size-5" />
          {call.label}
          <bdi dir="ltr" className="font-normal">
            {call.text}
          </bdi>
        </a>
      )}
      {messengers.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {messengers.map((link) => (
            <li key={link.channel}>
              <a
                {...contactAnchorProps(link)}
                aria-label={link.label}
                title={link.label}
                className={`inline-flex min-h-11 items-center gap-1.5 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 ${focusRing}`}
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                {link.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A listing card's call button (phones): named with the product, since every row has one. */
export function RowCallButton({ call, productName }: { call: ContactLink | undefined; productName: string }) {
  if (!call) return null;
  return (
    <a
      {...contactAnchorProps(call)}
      aria-label={`${call.label}: ${productName}`}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-md border border-primary-700 px-3 text-sm font-semibold text-primary-800 hover:bg-primary-50 dark:border-primary-400 dark:text-primary-300 dark:hover:bg-slate-800 ${focusRing}`}
      data-call
    >
      <Phone aria-hidden="true" className="size-4" />
      تماس
    </a>
  );
}
