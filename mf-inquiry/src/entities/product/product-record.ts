/**
 * A published product as the inquiry app reads it from the CMS (products are public): the fields
 * its pages ask for. One shape for the basket's account lines and the compare page, each asking
 * for the fields it shows.
 */
export interface ProductRecord {
  documentId: string;
  slug: string;
  name: string;
  unit: string;
  sale_unit: string | null;
  /** Rial per `unit`; null when the price is given on request. */
  price: number | string | null;
  illustrative: boolean | null;
  producer_name: string | null;
  attributes: Record<string, string | number | null> | null;
  price_history?: { date: string; price: number }[] | null;
  sub_category: { path: string; title?: string } | null;
  producer: { slug?: string; name: string } | null;
}
