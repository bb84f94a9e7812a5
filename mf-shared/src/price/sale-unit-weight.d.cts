type Attributes = Record<string, string | number | null> | null | undefined;

/** Each unit's Persian name. */
export declare const UNIT_FA: Readonly<Record<string, string>>;
/** A unit's Persian name (`branch` → «شاخه»); an unknown unit as it is. */
export declare function unitLabelFa(unit: string): string;
/** Kilograms in one sale unit, from the attributes that say so; null where they do not. */
export declare function kgPerSaleUnit(saleUnit: string, attributes: Attributes): number | null;

/** What is asked for, in the CMS's field names. */
export interface QuantityItem {
  unit: string;
  sale_unit?: string | null;
  attributes?: Attributes;
}
/** The unit a product is asked for in: its sale unit, else the unit it is priced by. */
export declare function quantityUnit(item: QuantityItem): string;
/** Kilograms in one unit of what is asked for; null where the data gives no plain figure. */
export declare function kgPerQuantityUnit(item: QuantityItem): number | null;
