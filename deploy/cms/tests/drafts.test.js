'use strict';

// Drafts are never served: not by list, not with ?status=draft, not to a signed-in customer.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, login, DEMO } = require('./helpers');

const DRAFT_SLUG = 'draft-upcoming-price-report';
const EDITED = 'rebar-price-guide';
const DRAFT_TITLE = 'پیش‌نویس ویرایش منتشرنشده';

test('an unpublished article is invisible in every form of query', async () => {
  const { jwt } = await login(DEMO.username, DEMO.password);
  const queries = [
    `/articles?filters[slug][$eq]=${DRAFT_SLUG}`,
    `/articles?filters[slug][$eq]=${DRAFT_SLUG}&status=draft`,
    `/articles?status=draft&pagination[pageSize]=100`,
    `/articles?filters[slug][$eq]=${DRAFT_SLUG}&publicationState=preview`,
    `/articles?filters[slug][$eq]=${DRAFT_SLUG}&status[0]=draft`,
    `/articles?filters[publishedAt][$null]=true&status=draft`,
  ];
  for (const token of [undefined, jwt]) {
    for (const path of queries) {
      const r = await get(path, { token });
      assert.equal(r.status < 500, true, `${path}: ${r.status}`);
      const rows = (r.body && r.body.data) || [];
      assert.equal(rows.filter((a) => a.slug === DRAFT_SLUG).length, 0, `${path} leaked the draft`);
      assert.ok(
        rows.every((a) => a.publishedAt),
        `${path} returned a row without publishedAt`,
      );
    }
  }
});

test('a published article shows its published version, never the pending draft edit', async () => {
  for (const suffix of ['', '&status=draft', '&status=published']) {
    const r = await get(`/articles?filters[slug][$eq]=${EDITED}${suffix}`);
    assert.equal(r.body.data.length, 1);
    assert.notEqual(r.body.data[0].title, DRAFT_TITLE);
    const one = await get(`/articles/${r.body.data[0].documentId}?status=draft`);
    assert.equal(one.status, 200);
    assert.notEqual(one.body.data.title, DRAFT_TITLE);
  }
  const search = await get(`/articles?filters[title][$eq]=${encodeURIComponent(DRAFT_TITLE)}&status=draft`);
  assert.equal(search.body.data.length, 0);
});
