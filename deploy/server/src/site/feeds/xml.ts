/**
 * XML out of plain objects with fast-xml-parser's builder: it escapes every text and attribute,
 * so CMS text (titles with `&`, `<`) always gives well-formed XML. Characters XML 1.0 forbids
 * (control characters a pasted text may carry) are dropped first; no escaping can carry them.
 */
import { XMLBuilder } from 'fast-xml-parser';

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  format: true,
  processEntities: true,
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these control characters: matching them is the point.
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export const xmlText = (text: string) => text.replace(FORBIDDEN_IN_XML, '');

export function buildXml(document: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(document)}`;
}
