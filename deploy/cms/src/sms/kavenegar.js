'use strict';

/**
 * Kavenegar (kavenegar.com), one real Iranian SMS provider, through its documented REST API
 * (https://kavenegar.com/rest.html):
 *
 * - one-time codes go by «verify/lookup»: POST https://api.kavenegar.com/v1/{API-KEY}/verify/lookup.json
 *   with form fields `receptor` (the mobile), `token` (the code) and `template` (a template the
 *   account registered in Kavenegar's panel, e.g. «کد ورود شما به بازار فولاد: %token»). Lookup
 *   messages go through the operators' fast "verification" route and are not blocked by the
 *   customers' advertising bans, which plain sends are;
 * - other texts (price alerts) by «sms/send»: POST …/v1/{API-KEY}/sms/send.json with `receptor`,
 *   `message` and, when the account has one, `sender` (its line number).
 *
 * Every answer is JSON: `{ "return": { "status": 200, "message": "تایید شد" }, "entries": [{
 * "messageid": …, "status": 5, "statustext": "در صف ارسال", "receptor": …, "cost": … }] }` on
 * success; on failure the HTTP status and `return.status` carry the provider's code (400 missing
 * parameters, 401 account disabled, 403 wrong API key, 411 bad receptor, 418 credit used up, 424
 * template not found, …) with `entries: null`. Parameters go in the body (the API takes GET or POST),
 * so neither the code nor the message is in a URL a proxy might log; the API key is in the path as
 * the API requires, which is why no URL of this adapter is ever logged.
 */
const DEFAULT_BASE_URL = 'https://api.kavenegar.com';
const TIMEOUT_MS = 10_000;

class SmsSendError extends Error {
  name = 'SmsSendError';
  constructor(message, { status } = {}) {
    super(message);
    this.status = status;
  }
}

function createKavenegarSender({ apiKey, template, sender, baseUrl = DEFAULT_BASE_URL, fetchImpl = fetch }) {
  async function call(method, fields) {
    const url = `${baseUrl.replace(/\/+$/, '')}/v1/${encodeURIComponent(apiKey)}/${method}.json`;
    let response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', Accept: 'application/json' },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      // The error names no URL (it holds the API key).
      throw new SmsSendError(`Kavenegar ${method}: no answer (${error && error.name})`);
    }
    let answer = null;
    try {
      answer = await response.json();
    } catch {
      // Not JSON (a proxy's error page): told by the HTTP status below.
    }
    const status = Number(answer?.return?.status ?? response.status);
    if (!response.ok || status !== 200) {
      // The provider's own message is Persian and names no secret; the receptor is not repeated.
      throw new SmsSendError(`Kavenegar ${method} refused: ${status} ${answer?.return?.message ?? ''}`.trim(), {
        status,
      });
    }
    return answer.entries ?? [];
  }

  return {
    name: 'kavenegar',
    async sendCode({ to, code }) {
      await call('verify/lookup', { receptor: to, token: code, template });
    },
    async send({ to, text }) {
      await call('sms/send', { receptor: to, message: text, ...(sender ? { sender } : {}) });
    },
  };
}

module.exports = { createKavenegarSender, SmsSendError, DEFAULT_BASE_URL };
