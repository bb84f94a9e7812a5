'use strict';

const PERSIAN_ZERO = 0x06f0;
const ARABIC_INDIC_ZERO = 0x0660;

/** Persian ۰-۹ and Arabic-Indic ٠-٩ digits as Latin 0-9 (customers type all three). */
function latinDigits(text) {
  return String(text)
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - PERSIAN_ZERO))
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - ARABIC_INDIC_ZERO));
}

module.exports = { latinDigits };
