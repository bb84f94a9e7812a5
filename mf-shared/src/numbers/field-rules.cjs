'use strict';

/**
 * The numeric fields the site's forms send and the CMS checks again, each with one rule for both
 * (read by typed-number.cjs): a field's limits are stated once. An inquiry's quantities have
 * theirs in ../price/quantity-limits.cjs (they depend on the product).
 */

/** A line of an order request from the panel (`/panel/order/new`), in the product's sale unit. */
const ORDER_QUANTITY = { label: 'مقدار', aboveZero: true, max: 1_000_000, decimals: 3 };
/** `/reserve_warehouse`: how much to store. */
const WAREHOUSE_TONNES = { label: 'مقدار', unit: 'تن', aboveZero: true, max: 100_000, decimals: 3 };
/** `/reserve_warehouse`: for how long (optional). */
const WAREHOUSE_DAYS = { label: 'مدت نگهداری', unit: 'روز', min: 1, max: 365, decimals: 0, optional: true };
/** `/inquiry/shipping-price`: how much to carry (an inquiry's whole weight is at most 20,000 t too). */
const SHIPPING_TONNES = { label: 'وزن بار', unit: 'تن', aboveZero: true, max: 20_000, decimals: 3 };
/**
 * A price alert's figure as the buyer types it, in toman (what every price on the site is shown
 * in); ten thousand billion toman is no steel price, so anything above is a slip of the keyboard.
 */
const ALERT_THRESHOLD_TOMAN = { label: 'مبلغ', unit: 'تومان', aboveZero: true, max: 10 ** 13, decimals: 0 };
/** The same figure as the CMS keeps it, in rial (toman × 10). */
const ALERT_THRESHOLD_RIAL = { label: 'مبلغ اعلان', unit: 'ریال', aboveZero: true, max: 10 ** 14, decimals: 0 };
/** A sales operator's price for one sale unit of a quoted line, in rial. */
const QUOTED_UNIT_PRICE_RIAL = { label: 'قیمت واحد', unit: 'ریال', aboveZero: true, max: 10 ** 13, decimals: 0 };
/** A sales operator's shipping price for a quote, in rial (free delivery is 0). */
const QUOTED_SHIPPING_RIAL = { label: 'هزینهٔ حمل', unit: 'ریال', min: 0, max: 10 ** 13, decimals: 0 };
/**
 * A credit request's amount (`/credit`), in rial; the CMS's credit terms set its range
 * (`min_amount_rial`, `max_amount_rial`), which the form and the CMS put in `min` and `max`.
 */
const CREDIT_AMOUNT_RIAL = { label: 'مبلغ اعتبار', unit: 'ریال', aboveZero: true, max: 10 ** 14, decimals: 0 };

module.exports = {
  ORDER_QUANTITY,
  WAREHOUSE_TONNES,
  WAREHOUSE_DAYS,
  SHIPPING_TONNES,
  ALERT_THRESHOLD_TOMAN,
  ALERT_THRESHOLD_RIAL,
  QUOTED_UNIT_PRICE_RIAL,
  QUOTED_SHIPPING_RIAL,
  CREDIT_AMOUNT_RIAL,
};
