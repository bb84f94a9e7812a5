/**
 * An inquiry (استعلام قیمت) as the CMS holds it (the `inquiries` collection, owner-scoped). Every
 * amount is rial, as product prices are; the pages show toman. Numbers of the `biginteger` kind
 * arrive as strings.
 */
export type Amount = number | string | null;

export interface InquiryLine {
  id?: number;
  product_slug: string;
  product_name: string | null;
  /** In the sale unit. */
  quantity: number | string;
  sale_unit: string | null;
  /** The unit the indicative price is per (the product's `unit`: `kg`, `tonne`, …). */
  unit: string | null;
  /** The product's price when the inquiry was sent: rial per `unit`. */
  indicative_unit_price: Amount;
  /** The buyer's indicative weight by the sale-unit rules; it only feeds the shipping estimate. */
  weight_kg: number | string | null;
  illustrative: boolean | null;
  /** The operator's price, rial per SALE UNIT: what the quote, the order and the pro-forma use. */
  quoted_unit_price: Amount;
}

/** `expired` is a quote past its validity (the CMS says so on read); `declined`, one the seller could not price. */
export const INQUIRY_STATUSES = ['sent', 'quoted', 'accepted', 'expired', 'declined', 'cancelled'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export interface Inquiry {
  id: number;
  documentId: string;
  /** `RQ-…` */
  number: string;
  status: InquiryStatus;
  status_history: Array<{ status: string; at: string }> | null;
  lines?: InquiryLine[];
  /** The delivery city (an inquiry sent before the cities has its province alone). */
  city_slug?: string | null;
  city_name?: string | null;
  province_slug: string;
  province_name: string | null;
  note: string | null;
  /** The seller's words to the buyer with the quote. */
  operator_note?: string | null;
  shipping_estimate: Amount;
  quoted_shipping: Amount;
  /** The rate the CMS held when the quote was made (a later change of rate does not move it). */
  tax_rate_percent: number | string | null;
  quoted_at: string | null;
  quote_expires_at: string | null;
  /** Set on acceptance: the order it became (the panel's `/panel/order/:documentId`). */
  order_number?: string | null;
  order_document_id?: string | null;
  createdAt: string;
}

/** What the buyer sends: the lines with their indicative weights, where to deliver, a note. */
export interface NewInquiry {
  lines: Array<{ product_slug: string; quantity: number; weight_kg: number }>;
  city_slug: string;
  note: string;
}

/** The seller a pro-forma names: the company's legal details, kept in the CMS. */
export interface Seller {
  legal_name: string;
  /** شناسه ملی: 11 digits. */
  national_id: string;
  /** کد اقتصادی. */
  economic_code: string;
  registration_number: string | null;
  address: string;
  postal_code: string | null;
  phone: string;
}
