'use strict';

// Buying on credit: the terms (one single type, seeded from data/domain/credit-terms.json) anyone
// reads; a signed-in buyer's credit requests, checked against them, that only the buyer reads and
// that only an operator (an API token) reviews.
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { get, post, put, del, register } = require('./helpers');
const { domainDir } = require('../src/bootstrap/domain');

const EDITOR_TOKEN = process.env.CMS_EDITOR_TOKEN;
const SEEDED = JSON.parse(fs.readFileSync(path.join(domainDir(), 'credit-terms.json'), 'utf8')).credit_setting;
const VALID = {
  amount_rial: '۲٬۵۰۰٬۰۰۰٬۰۰۰',
  term_months: 3,
  guarantees: ['cheque', 'promissory_note'],
  documents_description: 'آگهی تأسیس شرکت و گردش حساب شش ماه اخیر',
};

test('anyone reads the seeded credit terms; a customer cannot change them', async () => {
  const anonymous = await get('/credit-setting');
  assert.equal(anonymous.status, 200, anonymous.text);
  const { title, body, term_months, guarantees, min_amount_rial, max_amount_rial } = anonymous.body.data;
  assert.deepEqual(
    { title, body, term_months, guarantees, min: Number(min_amount_rial), max: Number(max_amount_rial) },
    {
      title: SEEDED.title,
      body: SEEDED.body,
      term_months: SEEDED.term_months,
      guarantees: SEEDED.guarantees,
      min: SEEDED.min_amount_rial,
      max: SEEDED.max_amount_rial,
    },
  );
  const customer = await register('creditterms');
  assert.equal((await put('/credit-setting', { data: { title: 'x' } }, { token: customer.jwt })).status, 403);
  assert.equal((await put('/credit-setting', { data: { title: 'x' } })).status, 403);
});

test('a buyer sends a request (Persian digits read): it starts submitted, only its owner reads it', async () => {
  assert.equal((await post('/credit-requests', { data: VALID })).status, 403);
  const buyer = await register('creditbuyer');
  const other = await register('creditother');
  const created = await post('/credit-requests', { data: { ...VALID, status: 'approved' } }, { token: buyer.jwt });
  assert.equal(created.status, 201, created.text);
  const request = created.body.data;
  assert.equal(request.status, 'submitted');
  assert.equal(Number(request.amount_rial), 2_500_000_000);
  assert.equal(request.term_months, 3);
  assert.deepEqual(request.guarantees, ['cheque', 'promissory_note']);
  assert.equal(request.operator_note, null);
  assert.equal(request.owner, undefined);

  const mine = await get('/credit-requests', { token: buyer.jwt });
  assert.deepEqual(
    mine.body.data.map((r) => r.documentId),
    [request.documentId],
  );
  assert.equal((await get('/credit-requests', { token: other.jwt })).body.data.length, 0);
  assert.equal((await get(`/credit-requests/${request.documentId}`, { token: other.jwt })).status, 404);
  assert.equal((await get(`/credit-requests/${request.documentId}`)).status, 403);
  // An owner cannot be given in the body.
  const stolen = await post('/credit-requests', { data: { ...VALID, owner: other.user.id } }, { token: buyer.jwt });
  assert.equal(stolen.status, 400, stolen.text);
});

test('the buyer cannot change the status, review it or delete the request', async () => {
  const buyer = await register('creditself');
  const { documentId } = (await post('/credit-requests', { data: VALID }, { token: buyer.jwt })).body.data;
  const approve = await put(`/credit-requests/${documentId}`, { data: { status: 'approved' } }, { token: buyer.jwt });
  assert.equal(approve.status, 403, approve.text);
  const review = await put(
    `/credit-requests/${documentId}/review`,
    { data: { status: 'approved' } },
    { token: buyer.jwt },
  );
  assert.equal(review.status, 403, review.text);
  assert.equal((await del(`/credit-requests/${documentId}`, { token: buyer.jwt })).status, 403);
  const after = await get(`/credit-requests/${documentId}`, { token: buyer.jwt });
  assert.equal(after.body.data.status, 'submitted');
});

test('a request outside the terms is refused, every problem named', async () => {
  const buyer = await register('creditbad');
  const refused = await post(
    '/credit-requests',
    {
      data: {
        amount_rial: String(SEEDED.max_amount_rial + 1),
        term_months: 5,
        guarantees: ['house_of_cards'],
        documents_description: '  ',
      },
    },
    { token: buyer.jwt },
  );
  assert.equal(refused.status, 400, refused.text);
  const paths = refused.body.error.details.errors.map((e) => e.path[0]).sort();
  assert.deepEqual(paths, ['amount_rial', 'documents_description', 'guarantees', 'term_months']);
  assert.match(refused.body.error.message, /مبلغ اعتبار حداکثر/);
  const tooSmall = await post(
    '/credit-requests',
    { data: { ...VALID, amount_rial: SEEDED.min_amount_rial - 1 } },
    { token: buyer.jwt },
  );
  assert.equal(tooSmall.status, 400, tooSmall.text);
  assert.equal((await get('/credit-requests', { token: buyer.jwt })).body.data.length, 0);
});

test(
  'an operator reads every request and reviews one: the buyer reads the new status and the note',
  { skip: !EDITOR_TOKEN && 'CMS_EDITOR_TOKEN unset' },
  async () => {
    const operator = { token: EDITOR_TOKEN };
    const buyer = await register('creditreview');
    const { documentId } = (await post('/credit-requests', { data: VALID }, { token: buyer.jwt })).body.data;
    const listed = await get(`/credit-requests?filters[documentId][$eq]=${documentId}`, operator);
    assert.equal(listed.body.data.length, 1, listed.text);

    const wrong = await put(`/credit-requests/${documentId}/review`, { data: { status: 'submitted' } }, operator);
    assert.equal(wrong.status, 400, wrong.text);
    const reviewed = await put(
      `/credit-requests/${documentId}/review`,
      { data: { status: 'approved', operator_note: 'سقف اعتبار تأیید شد.' } },
      operator,
    );
    assert.equal(reviewed.status, 200, reviewed.text);
    const seen = (await get(`/credit-requests/${documentId}`, { token: buyer.jwt })).body.data;
    assert.equal(seen.status, 'approved');
    assert.equal(seen.operator_note, 'سقف اعتبار تأیید شد.');
  },
);
