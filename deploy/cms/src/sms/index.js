'use strict';

const path = require('path');
const { createOutboxSender } = require('./outbox');
const { createKavenegarSender } = require('./kavenegar');

const CMS_DIR = path.resolve(__dirname, '..', '..');
const PROVIDERS = ['outbox', 'kavenegar'];

/** The text of a sign-in code where the channel takes free text (the outbox); Kavenegar uses its template. */
const codeText = (code) => `کد ورود شما به بازار فولاد: ${code}\nاین کد تا ۲ دقیقه معتبر است. آن را به کسی ندهید.`;

/**
 * What is wrong with the SMS settings, one line each (empty when none): SMS_PROVIDER must be one
 * of PROVIDERS, and Kavenegar needs its API key and its verification template. Checked at start
 * (src/index.js), so a misconfigured CMS does not start rather than fail a customer's sign-in.
 */
function smsSettingProblems(env = process.env) {
  const provider = env.SMS_PROVIDER || 'outbox';
  if (!PROVIDERS.includes(provider)) return [`SMS_PROVIDER must be one of ${PROVIDERS.join(', ')} (not ${provider})`];
  if (provider !== 'kavenegar') return [];
  return ['KAVENEGAR_API_KEY', 'KAVENEGAR_TEMPLATE'].filter((name) => !env[name]).map((name) => `${name} is not set`);
}

/**
 * The one SMS channel of the CMS, chosen by SMS_PROVIDER: `outbox` (default; development and tests,
 * a JSON-lines file, SMS_OUTBOX_FILE) or `kavenegar` (production; KAVENEGAR_API_KEY,
 * KAVENEGAR_TEMPLATE, KAVENEGAR_SENDER, KAVENEGAR_BASE_URL). Both answer the same two calls:
 * `sendCode({ to, code })` for a sign-in code and `send({ to, text })` for any other text.
 */
function createSmsSender(env = process.env) {
  const problems = smsSettingProblems(env);
  if (problems.length) throw new Error(`SMS settings: ${problems.join('; ')}`);
  if ((env.SMS_PROVIDER || 'outbox') === 'kavenegar') {
    return createKavenegarSender({
      apiKey: env.KAVENEGAR_API_KEY,
      template: env.KAVENEGAR_TEMPLATE,
      sender: env.KAVENEGAR_SENDER,
      ...(env.KAVENEGAR_BASE_URL ? { baseUrl: env.KAVENEGAR_BASE_URL } : {}),
    });
  }
  const outbox = createOutboxSender({
    file: path.resolve(CMS_DIR, env.SMS_OUTBOX_FILE || path.join('data', 'sms.jsonl')),
  });
  return { ...outbox, sendCode: ({ to, code }) => outbox.send({ to, text: codeText(code) }) };
}

let shared = null;
/** The process's SMS channel, made on first use from the environment. */
const smsSender = () => (shared ??= createSmsSender());

module.exports = { createSmsSender, smsSender, smsSettingProblems, PROVIDERS };
