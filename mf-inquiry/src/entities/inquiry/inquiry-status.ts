import { statusLook, statusVocabulary, type StatusLook } from '@steel/shared';
import type { Inquiry, InquiryStatus } from './inquiry';

/** An inquiry's statuses as the buyer reads them (the kit's status vocabularies). */
export const INQUIRY_STATUS = statusVocabulary<InquiryStatus>(
  {
    sent: { name: 'در انتظار قیمت', tone: 'info' },
    quoted: { name: 'قیمت‌گذاری شد', tone: 'warning' },
    accepted: { name: 'پذیرفته شد', tone: 'success' },
    expired: { name: 'مهلت گذشته', tone: 'neutral' },
    declined: { name: 'قیمت‌گذاری نشد', tone: 'neutral' },
    cancelled: { name: 'لغو شد', tone: 'danger' },
  },
  'neutral',
);

export const inquiryStatusLook = (status: string): StatusLook => statusLook(INQUIRY_STATUS, status);

/**
 * The status as the buyer should see it now: the CMS says `expired` on read, but a page left open
 * past the quote's expiry must not offer an acceptance the CMS will refuse.
 */
export function currentStatus(
  inquiry: Pick<Inquiry, 'status' | 'quote_expires_at'>,
  now: Date = new Date(),
): InquiryStatus {
  if (inquiry.status !== 'quoted' || !inquiry.quote_expires_at) return inquiry.status;
  return new Date(inquiry.quote_expires_at).getTime() <= now.getTime() ? 'expired' : 'quoted';
}

/** The buyer may accept a quote still within its validity. */
export const canAccept = (status: InquiryStatus) => status === 'quoted';
/** The buyer may withdraw an inquiry until it is accepted (or has lapsed). */
export const canCancel = (status: InquiryStatus) => status === 'sent' || status === 'quoted';
/** A pro-forma exists once the operator has priced the lines. */
export const hasQuote = (status: InquiryStatus) => status === 'quoted' || status === 'accepted' || status === 'expired';
