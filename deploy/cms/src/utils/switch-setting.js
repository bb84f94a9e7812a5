'use strict';

/** A switch setting from the environment: on unless it says off (`off`, `false`, `0`, `no`). */
const isOn = (value, fallback = 'on') =>
  !['off', 'false', '0', 'no'].includes(
    String(value ?? fallback)
      .trim()
      .toLowerCase(),
  );

module.exports = { isOn };
