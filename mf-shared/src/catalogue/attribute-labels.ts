/**
 * The Persian name of each product attribute key (`diameter_mm` → «قطر (میلی‌متر)»), as the
 * catalogue's tables, filters and product pages show them, and as any other app that lists a
 * product's attributes must. Generated from data/domain/catalogue.json (scripts/generate-catalogue-data.ts).
 */
import labels from './generated/attribute-labels.json';

export const attributeLabelsFa: Readonly<Record<string, string>> = labels;

/** The key itself when the catalogue has no label for it (an attribute added in the CMS alone). */
export const attributeLabelFa = (key: string): string => attributeLabelsFa[key] ?? key;
