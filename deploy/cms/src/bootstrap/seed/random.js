'use strict';

const crypto = require('crypto');

/** Deterministic PRNG (mulberry32) seeded from a string: the same seed text gives the same sequence on every run. */
function rng(seedText) {
  let a = parseInt(crypto.createHash('sha1').update(seedText).digest('hex').slice(0, 8), 16);
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

module.exports = { rng };
