'use strict';

const crypto = require('node:crypto');
const { errors } = require('@strapi/utils');
const { normaliseMobile } = require('../../../utils/mobile');
const { latinDigits } = require('../../../utils/digits');
const { smsSender } = require('../../../sms');
const { PLACEHOLDER_EMAIL_DOMAIN } = require('../../../extensions/users-permissions/patches/accounts');

const CODES = 'api::sign-in-code.sign-in-code';
const USER = 'plugin::users-permissions.user';
const ROLE = 'plugin::users-permissions.role';
const TABLE = 'sign_in_codes';

/** A code is good for 2 minutes; 5 wrong codes lock the number for 15 minutes. */
const CODE_LIFETIME_MS = 2 * 60 * 1000;
const MAX_WRONG_CODES = 5;
const LOCK_MS = 15 * 60 * 1000;

const NOT_A_MOBILE_FA = 'شماره موبایل را به شکل ۰۹xxxxxxxxx وارد کنید.';
const LOCKED_FA = 'کد نادرست چند بار وارد شده است؛ ورود با این شماره تا ۱۵ دقیقه بسته است. لطفاً بعداً دوباره تلاش کنید.';
const WRONG_CODE_FA = 'کد واردشده درست نیست.';
const NO_CODE_FA = 'کد منقضی شده یا درخواست نشده است. لطفاً کد تازه بگیرید.';
const SEND_FAILED_FA = 'ارسال پیامک اکنون ممکن نشد. لطفاً کمی بعد دوباره تلاش کنید.';
const BLOCKED_FA = 'این حساب کاربری مسدود شده است.';

/**
 * The code's digest: an HMAC keyed with the CMS's JWT secret over the number and the code. A
 * plain hash of a 6-digit code would fall to a million guesses if the table leaked; without the
 * secret it cannot be checked at all. The code itself is kept nowhere, logged nowhere, answered
 * nowhere: it exists only in the SMS.
 */
function codeDigest(strapi, mobile, code) {
  const secret = strapi.config.get('plugin::users-permissions.jwtSecret');
  return crypto.createHmac('sha256', String(secret)).update(`sign-in-code|${mobile}|${code}`).digest('hex');
}

const sameDigest = (a, b) =>
  typeof a === 'string' &&
  typeof b === 'string' &&
  a.length === b.length &&
  crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Throws the Persian 400 unless `value` is an Iranian mobile in any spelling; answers 09xxxxxxxxx. */
function mobileOf(value) {
  const mobile = normaliseMobile(value);
  if (!mobile) throw new errors.ValidationError(NOT_A_MOBILE_FA, { key: 'mobile' });
  return mobile;
}

function lockedError(until) {
  const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
  const error = new errors.RateLimitError(LOCKED_FA, { limit: 'sign-in-code-locked', retryAfterSeconds: seconds });
  error.retryAfterSeconds = seconds;
  return error;
}

const lockedUntil = (row) => (row && row.locked_until ? new Date(row.locked_until).getTime() : 0);

module.exports = ({ strapi }) => {
  const codes = () => strapi.db.query(CODES);
  const table = () => strapi.db.connection(TABLE);

  /** The number's row, made when it has none (two requests at once: the second finds the first's). */
  async function rowOf(mobile) {
    const found = await codes().findOne({ where: { mobile } });
    if (found) return found;
    try {
      return await codes().create({ data: { mobile, failed_attempts: 0 } });
    } catch (error) {
      const again = await codes().findOne({ where: { mobile } });
      if (again) return again;
      throw error;
    }
  }

  /** A lock that has run out is lifted, and its wrong guesses forgotten. */
  async function liftLapsedLock(row) {
    if (row.locked_until && lockedUntil(row) <= Date.now()) {
      await codes().update({ where: { id: row.id }, data: { locked_until: null, failed_attempts: 0 } });
      return { ...row, locked_until: null, failed_attempts: 0 };
    }
    return row;
  }

  /** The number's account, or a new confirmed customer's (username = the number, see docs/auth). */
  async function accountOf(mobile) {
    const users = strapi.db.query(USER);
    const existing = await users.findOne({ where: { mobile, provider: 'local' }, populate: ['role'] });
    if (existing) return existing;
    const settings = await strapi.store({ type: 'plugin', name: 'users-permissions' }).get({ key: 'advanced' });
    const role = await strapi.db.query(ROLE).findOne({ where: { type: settings?.default_role || 'authenticated' } });
    try {
      return await users.create({
        data: {
          // Registration and the profile refuse a username that reads as a mobile number
          // (patches/accounts.js checkUsername), and the e-mail's domain is reserved and refused
          // there too: neither can already belong to someone else.
          username: mobile,
          email: `${mobile}@${PLACEHOLDER_EMAIL_DOMAIN}`,
          mobile,
          provider: 'local',
          confirmed: true,
          blocked: false,
          role: role?.id,
        },
        populate: ['role'],
      });
    } catch (error) {
      // The same new number verified twice at once: the other request made the account.
      const made = await users.findOne({ where: { mobile, provider: 'local' }, populate: ['role'] });
      if (made) return made;
      throw error;
    }
  }

  return {
    /** Sends a new code to the number (the last one stops working). */
    async requestCode(value) {
      const mobile = mobileOf(value);
      const row = await liftLapsedLock(await rowOf(mobile));
      if (lockedUntil(row) > Date.now()) throw lockedError(lockedUntil(row));
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      await codes().update({
        where: { id: row.id },
        data: { code_digest: codeDigest(strapi, mobile, code), expires_at: new Date(Date.now() + CODE_LIFETIME_MS) },
      });
      try {
        await smsSender().sendCode({ to: mobile, code });
      } catch (error) {
        // Logged without the code or the number; the code is dropped, it reached no one.
        strapi.log.error(`[sign-in-code] the SMS was not sent: ${error && error.message}`);
        await codes().update({ where: { id: row.id }, data: { code_digest: null, expires_at: null } });
        throw new errors.ApplicationError(SEND_FAILED_FA, { key: 'sms' });
      }
      return { sent: true, mobile, expiresInSeconds: CODE_LIFETIME_MS / 1000 };
    },

    /** The account of the number whose code this is (made if new); throws the Persian 400/429 otherwise. */
    async verifyCode(value, codeValue) {
      const mobile = mobileOf(value);
      const code = latinDigits(typeof codeValue === 'string' || typeof codeValue === 'number' ? codeValue : '').trim();
      const found = await codes().findOne({ where: { mobile } });
      const row = found && (await liftLapsedLock(found));
      if (lockedUntil(row) > Date.now()) throw lockedError(lockedUntil(row));
      const live = row && row.code_digest && row.expires_at && new Date(row.expires_at).getTime() > Date.now();
      if (!live) throw new errors.ValidationError(NO_CODE_FA, { key: 'code', reason: 'no-code' });
      const digest = codeDigest(strapi, mobile, code);
      if (/^\d{6}$/.test(code) && sameDigest(digest, row.code_digest)) {
        // Used once: of two requests with the same code, only the one that clears it signs in.
        const cleared = await table()
          .where({ id: row.id, code_digest: digest })
          .update({ code_digest: null, expires_at: null, failed_attempts: 0 });
        if (cleared === 1) {
          const user = await accountOf(mobile);
          if (user.blocked) throw new errors.ApplicationError(BLOCKED_FA);
          return user;
        }
        throw new errors.ValidationError(NO_CODE_FA, { key: 'code', reason: 'no-code' });
      }
      // Counted in the database in one statement, so guesses sent at once are all counted.
      await table().where({ id: row.id }).increment('failed_attempts', 1);
      const after = await codes().findOne({ where: { id: row.id }, select: ['failed_attempts'] });
      if (after.failed_attempts >= MAX_WRONG_CODES) {
        const until = new Date(Date.now() + LOCK_MS);
        await codes().update({
          where: { id: row.id },
          data: { locked_until: until, failed_attempts: 0, code_digest: null, expires_at: null },
        });
        throw lockedError(until.getTime());
      }
      throw new errors.ValidationError(WRONG_CODE_FA, {
        key: 'code',
        reason: 'wrong-code',
        attemptsLeft: MAX_WRONG_CODES - after.failed_attempts,
      });
    },
  };
};

module.exports.CODE_LIFETIME_MS = CODE_LIFETIME_MS;
