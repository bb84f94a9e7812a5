'use strict';

/**
 * THE totals of a sales operator's quote (docs/architecture.md, "Data"), in rial: each line is
 * quantity (sale units) × the quoted price per sale unit, to the rial; tax is charged on the
 * lines and the shipping together, at the rate held with the quote; total = lines + shipping +
 * tax. The CMS writes an accepted quote's order with them, the inquiry app shows the quote and
 * its pro-forma with them, the panel the order's lines: plain CommonJS, so the CMS runs this file.
 */

const amount = (value) => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/** A quoted line's total; null while the line has no quoted price. */
function quotedLineTotal(line) {
  const price = amount(line.quoted_unit_price);
  const quantity = Number(line.quantity);
  return price === null || !Number.isFinite(quantity) ? null : Math.round(quantity * price);
}

/** The quote's totals; null until every line is priced (a quote with a line missing has no total). */
function quoteTotals({ lines, quoted_shipping: quotedShipping, tax_rate_percent: taxRate }) {
  const lineTotals = (lines ?? []).map(quotedLineTotal);
  if (lineTotals.length === 0 || lineTotals.some((total) => total === null)) return null;
  const linesTotal = lineTotals.reduce((sum, total) => sum + total, 0);
  const shipping = amount(quotedShipping) ?? 0;
  const taxRatePercent = amount(taxRate) ?? 0;
  const tax = Math.round(((linesTotal + shipping) * taxRatePercent) / 100);
  return { lines: linesTotal, shipping, taxRatePercent, tax, total: linesTotal + shipping + tax };
}

module.exports = { quotedLineTotal, quoteTotals };
