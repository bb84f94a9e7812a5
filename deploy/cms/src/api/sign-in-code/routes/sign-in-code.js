'use strict';

// Sign-in with a one-time code by SMS (src/api/sign-in-code/services). Public: they prove the
// identity themselves. Rate limits per number and per address: config/middlewares.js.
const open = { auth: false };

module.exports = {
  routes: [
    { method: 'POST', path: '/auth/otp/request', handler: 'sign-in-code.request', config: open },
    { method: 'POST', path: '/auth/otp/verify', handler: 'sign-in-code.verify', config: open },
  ],
};
