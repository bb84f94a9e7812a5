'use strict';

const { errors } = require('@strapi/utils');
const {
  ownerScopedController,
  refuse,
  isPlainObject,
  isOperator,
  withStaffReads,
} = require('../../../utils/owner-scoped');
const { refuseLines } = require('../../../utils/inquiry-lines');
const { persianFigure, readTypedNumber, CREDIT_AMOUNT_RIAL } = require('../../../utils/site-rules');

const UID = 'api::credit-request.credit-request';
const SETTING = 'api::credit-setting.credit-setting';
const DOCUMENT_ID = /^[a-z0-9]{1,64}$/i;
const MAX_DESCRIPTION = 2000;
// What an operator's review may set: a request starts as `submitted` (the buyer cannot set it).
const REVIEW_STATUSES = ['reviewing', 'approved', 'rejected'];

/** The credit terms an editor keeps (single type `credit-setting`): a request is checked against them. */
async function creditTerms(strapi) {
  const terms = await strapi.documents(SETTING).findFirst({});
  if (!terms) throw new errors.ApplicationError('شرایط خرید اعتباری هنوز تعیین نشده است.');
  return terms;
}

/** Every problem of a request in one 400: amount within the terms, a term offered, guarantees offered, documents. */
function checkRequest(data, terms) {
  const problems = [];
  const amount = readTypedNumber(data.amount_rial, {
    ...CREDIT_AMOUNT_RIAL,
    aboveZero: false,
    min: Number(terms.min_amount_rial),
    max: Number(terms.max_amount_rial),
  });
  if (amount.error) problems.push({ path: ['amount_rial'], message: amount.error });

  const terms_months = Array.isArray(terms.term_months) ? terms.term_months.map(Number) : [];
  const term = Number(typeof data.term_months === 'string' ? data.term_months.trim() : data.term_months);
  if (!terms_months.includes(term))
    problems.push({
      path: ['term_months'],
      message: `مدت بازپرداخت یکی از این‌هاست: ${terms_months.map((m) => `${persianFigure(m)} ماه`).join('، ')}.`,
    });

  const offered = Array.isArray(terms.guarantees) ? terms.guarantees.map((g) => g.value) : [];
  const guarantees = Array.isArray(data.guarantees) ? [...new Set(data.guarantees)] : null;
  if (!guarantees || guarantees.length === 0 || guarantees.some((g) => !offered.includes(g)))
    problems.push({
      path: ['guarantees'],
      message: `دست‌کم یک تضمین از فهرست انتخاب کنید (${terms.guarantees.map((g) => g.label).join('، ')}).`,
    });

  const description = typeof data.documents_description === 'string' ? data.documents_description.trim() : '';
  if (!description) problems.push({ path: ['documents_description'], message: 'مدارکی را که دارید شرح دهید.' });
  else if (description.length > MAX_DESCRIPTION)
    problems.push({
      path: ['documents_description'],
      message: `شرح مدارک حداکثر ${persianFigure(MAX_DESCRIPTION)} نویسه است.`,
    });
  refuseLines(problems);
  return { amount_rial: amount.value, term_months: term, guarantees, documents_description: description };
}

const scoped = ownerScopedController(UID, {
  allowDelete: false,
  // Only what the buyer may say is taken from the body; the status and the note are the operator's.
  async beforeCreate(data, { strapi }) {
    return { ...checkRequest(data, await creditTerms(strapi)), status: 'submitted', operator_note: null };
  },
  // A sent request is the operator's to review: the buyer changes nothing of it.
  beforeUpdate() {
    throw refuse('درخواست ثبت‌شده را کارشناس اعتبار بررسی می‌کند و تغییر آن از حساب شما ممکن نیست.');
  },
  extend: ({ strapi }) => ({
    /**
     * The operator's review (an API token; the admin edits the same fields): status `reviewing`,
     * `approved` or `rejected`, and a note the buyer reads in the panel.
     */
    async review(ctx) {
      if (!isOperator(ctx)) throw refuse('بررسی درخواست اعتبار کار کارشناس اعتبار است (با توکن API).');
      const body = ctx.request.body;
      if (!isPlainObject(body) || !isPlainObject(body.data))
        throw new errors.ValidationError('بدنهٔ درخواست باید «data» داشته باشد.');
      const { data } = body;
      const extra = Object.keys(data).filter((k) => !['status', 'operator_note'].includes(k));
      if (extra.length)
        throw new errors.ValidationError(`کلیدهای ناشناخته: ${extra.join('، ')} (مجاز: status، operator_note).`);
      const id = ctx.params.id;
      const request = DOCUMENT_ID.test(id || '') ? await strapi.documents(UID).findOne({ documentId: id }) : null;
      if (!request) throw new errors.NotFoundError('درخواست اعتباری با این شناسه نیست.');
      const problems = [];
      if (!REVIEW_STATUSES.includes(data.status))
        problems.push({ path: ['status'], message: `وضعیت (status) یکی از این‌هاست: ${REVIEW_STATUSES.join('، ')}.` });
      if (data.operator_note != null && (typeof data.operator_note !== 'string' || data.operator_note.length > 2000))
        problems.push({
          path: ['operator_note'],
          message: 'یادداشت کارشناس (operator_note) متنی حداکثر ۲٬۰۰۰ نویسه است.',
        });
      refuseLines(problems);
      const updated = await strapi.documents(UID).update({
        documentId: request.documentId,
        data: {
          status: data.status,
          ...(data.operator_note !== undefined ? { operator_note: data.operator_note } : {}),
        },
      });
      return this.transformResponse(await this.sanitizeOutput(updated, ctx));
    },
  }),
});

// Staff (an API token) read every request, unscoped: the core actions. Customers read their own.
module.exports = withStaffReads(scoped);
