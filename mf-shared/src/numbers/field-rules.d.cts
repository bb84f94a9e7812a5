import type { NumberRule } from './typed-number.cjs';

export declare const ORDER_QUANTITY: NumberRule;
export declare const WAREHOUSE_TONNES: NumberRule;
export declare const WAREHOUSE_DAYS: NumberRule;
export declare const SHIPPING_TONNES: NumberRule;
export declare const ALERT_THRESHOLD_TOMAN: NumberRule;
export declare const ALERT_THRESHOLD_RIAL: NumberRule;
export declare const QUOTED_UNIT_PRICE_RIAL: NumberRule;
export declare const QUOTED_SHIPPING_RIAL: NumberRule;
export declare const CREDIT_AMOUNT_RIAL: NumberRule;
