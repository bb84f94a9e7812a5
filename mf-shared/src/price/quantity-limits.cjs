'use strict';

/**
 * How much steel one inquiry may ask for (docs/architecture.md, "Data"): per line, in the product's
 * sale unit with what that weighs, and per inquiry by weight. The basket, the product page's
 * button and the CMS's inquiry and basket APIs all hold a quantity to these rules, read by the one
 * number reader (../numbers/typed-number.cjs).
 */
const { readTypedNumber, persianFigure } = require('../numbers/typed-number.cjs');
const { kgPerQuantityUnit, quantityUnit, unitLabelFa } = require('./sale-unit-weight.cjs');

/** One line: 5,000 tonnes — a large project's whole order of one size, not a slip of the keyboard. */
const LINE_MAX_KG = 5_000_000;
/** A whole inquiry: 20,000 tonnes. */
const INQUIRY_MAX_KG = 20_000_000;
/** A line of a product whose sale unit's weight the data does not give (a coil of unstated weight). */
const LINE_MAX_UNITS = 100_000;
/** Tonnes to the kilogram, metres to the millimetre: no sale unit is divided finer. */
const QUANTITY_DECIMALS = 3;

const tonnes = (kg) => `${persianFigure(Math.round(kg / 100) / 10)} تن`;

/**
 * The rule a line's quantity of `item` ({ unit, sale_unit, attributes }, the CMS's fields) is read
 * by: more than zero, at most a line's weight in its sale unit (said with that weight), three
 * decimals. `label` names the field in messages («مقدار», «مقدار «میلگرد ۱۲»»); `alreadyAsked`
 * is what the basket already holds of it, so adding more never passes a line's maximum.
 */
function lineQuantityRule(item, { label = 'مقدار', alreadyAsked = 0 } = {}) {
  const kg = kgPerQuantityUnit(item);
  const saleUnit = quantityUnit(item);
  const unit = unitLabelFa(saleUnit);
  const lineMax = kg === null ? LINE_MAX_UNITS : Math.floor(LINE_MAX_KG / kg);
  const weight = kg === null || saleUnit === 'tonne' ? '' : `≈ ${tonnes(lineMax * kg)}`;
  const held = alreadyAsked > 0 ? `${persianFigure(alreadyAsked)} ${unit} در سبد هست` : '';
  const note = [weight, held].filter(Boolean).join('؛ ');
  return {
    label,
    unit,
    aboveZero: true,
    max: Math.max(0, lineMax - alreadyAsked),
    decimals: QUANTITY_DECIMALS,
    ...(note ? { maxNote: ` (${note})` } : {}),
  };
}

/** A line's quantity as typed or sent, held to its product's rule: `{ value }` or `{ error, problem }`. */
function readLineQuantity(input, item, options) {
  return readTypedNumber(input, lineQuantityRule(item, options));
}

/**
 * What a set of lines ([{ item, quantity }]) weighs by the sale-unit rules, whether every line
 * could be weighed, and the Persian refusal when it passes an inquiry's maximum.
 */
function inquiryWeight(lines) {
  let kg = 0;
  let complete = true;
  for (const { item, quantity } of lines) {
    const perUnit = kgPerQuantityUnit(item);
    if (perUnit === null) complete = false;
    else kg += perUnit * Number(quantity);
  }
  const error =
    kg > INQUIRY_MAX_KG
      ? `وزن کل یک استعلام حداکثر ${tonnes(INQUIRY_MAX_KG)} است؛ این اقلام ${tonnes(kg)} است. آن را در چند استعلام بفرستید.`
      : null;
  return { kg, complete, error };
}

module.exports = {
  LINE_MAX_KG,
  INQUIRY_MAX_KG,
  LINE_MAX_UNITS,
  QUANTITY_DECIMALS,
  lineQuantityRule,
  readLineQuantity,
  inquiryWeight,
};
