'use strict';

const { startSession } = require('../../../utils/sign-in-session');

/**
 * POST /auth/otp/request {mobile}: a new code goes to the number (`{ sent: true, mobile,
 * expiresInSeconds }`). POST /auth/otp/verify {mobile, code, deviceId?}: the session, answered
 * exactly as the password sign-in (POST /auth/local) answers — `{ jwt, user }` and the refresh
 * token in its httpOnly cookie.
 */
module.exports = ({ strapi }) => {
  const codes = () => strapi.service('api::sign-in-code.sign-in-code');

  /** A locked number's 429 says when to come back, like every other 429 of the API. */
  async function withRetryAfter(ctx, work) {
    try {
      return await work();
    } catch (error) {
      if (error && error.retryAfterSeconds) ctx.set('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  return {
    async request(ctx) {
      const body = ctx.request.body || {};
      ctx.body = await withRetryAfter(ctx, () => codes().requestCode(body.mobile));
    },

    async verify(ctx) {
      const body = ctx.request.body || {};
      const user = await withRetryAfter(ctx, () => codes().verifyCode(body.mobile, body.code));
      await startSession(strapi, ctx, user);
    },
  };
};
