'use strict';

// Price alerts and notifications: a customer's own, bounded, validated; fired by the CMS when an
// editor lowers a published product's price to a threshold — one notification and one mail per
// alert and Tehran day — and never for a price above it.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, put, del, register, readMails } = require('./helpers');
const { tehranDay, startOfTehranDay } = require('../src/utils/tehran-day');

const EDITOR_TOKEN = process.env.CMS_EDITOR_TOKEN;
const MAX_ACTIVE = 20;

let buyer;
let other;
let priced; // published products with a price, cheapest last so the test's own product is not one of the first

const alertsOf = async (customer) => (await get('/price-alerts', { token: customer.jwt })).body.data;
const notificationsOf = async (customer) =>
  (await get('/notifications?sort[0]=createdAt:desc', { token: customer.jwt })).body.data;
const mailsTo = (customer) => readMails().filter((mail) => mail.to === customer.email);

test.before(async () => {
  buyer = await register('alerts');
  other = await register('alertsother');
  const products = await get(
    '/products?filters[price][$notNull]=true&fields[0]=slug&fields[1]=name&fields[2]=price&sort[0]=slug:asc&pagination[pageSize]=30',
  );
  assert.equal(products.status, 200, products.text);
  priced = products.body.data.map((p) => ({ ...p, price: Number(p.price) }));
  assert.ok(priced.length > MAX_ACTIVE + 2, 'the seed has enough priced products');
});

test('the Tehran day: its date and its start, the same on either side of UTC midnight', () => {
  // 22:00 UTC is 01:30 the next morning in Tehran.
  assert.equal(tehranDay(new Date('2026-03-01T22:00:00Z')), '2026-03-02');
  assert.equal(tehranDay(new Date('2026-03-01T20:00:00Z')), '2026-03-01');
  assert.equal(startOfTehranDay(new Date('2026-03-01T22:00:00Z')).toISOString(), '2026-03-01T20:30:00.000Z');
});

test('an alert is checked: a published product, a whole positive rial threshold below the current price', async () => {
  const [product] = priced;
  const create = (data, token = buyer.jwt) => post('/price-alerts', { data }, { token });
  assert.ok([401, 403].includes((await create({ product_slug: product.slug, below_price: 10 }, null)).status));
  const unknown = await create({ product_slug: 'no-such-product', below_price: 10 });
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.error.message, /«no-such-product» فروخته نمی‌شود/);
  // Each bad spelling refused in Persian, naming the field: the site's one reader of a typed number.
  for (const [below_price, said] of [
    [0, 'بیشتر از صفر'],
    [-5, 'بیشتر از صفر'],
    ['-5', 'بیشتر از صفر'],
    [1.5, 'بدون اعشار'],
    ['ده', 'را با عدد بنویسید'],
    [null, 'را وارد کنید'],
    ['', 'را وارد کنید'],
    ['0x10', 'را با عدد بنویسید'],
    ['1e3', 'نماد علمی'],
    [' 700 ', 'بدون فاصله'],
    ['1,5', 'فقط میان هر سه رقم'],
    [10 ** 15, 'حداکثر'],
  ]) {
    const refused = await create({ product_slug: product.slug, below_price });
    assert.equal(refused.status, 400, `${JSON.stringify(below_price)}: ${refused.text}`);
    assert.match(refused.body.error.message, /مبلغ اعلان \(below_price\)/);
    assert.ok(
      refused.body.error.message.includes(said),
      `${JSON.stringify(below_price)}: ${refused.body.error.message}`,
    );
  }
  const atPrice = await create({ product_slug: product.slug, below_price: product.price });
  assert.equal(atPrice.status, 400, atPrice.text);
  assert.match(atPrice.body.error.message, /مبلغ اعلان باید کمتر از قیمت فعلی \([۰-۹٬]+ تومان\) باشد/);
  const owned = await create({ product_slug: product.slug, below_price: 10, owner: other.user.id });
  assert.equal(owned.status, 400, 'an owner in the body is refused');

  // Persian digits and «٬» between thousands, as a person types them.
  const typed = (product.price - 10).toLocaleString('fa-IR');
  const made = await create({ product_slug: product.slug, below_price: typed });
  assert.equal(made.status, 201, made.text);
  assert.equal(made.body.data.product_name, product.name);
  assert.equal(Number(made.body.data.below_price), product.price - 10);
  assert.equal(made.body.data.active, true);
  assert.equal(made.body.data.last_fired_at, null);
  assert.match(made.body.data.product_path, new RegExp(`/${product.slug}$`));

  // A second for the same product sets the threshold of the one there is (and resumes it).
  await put(`/price-alerts/${made.body.data.documentId}`, { data: { active: false } }, { token: buyer.jwt });
  const again = await create({ product_slug: product.slug, below_price: product.price - 20 });
  assert.equal(again.status, 200, again.text);
  assert.equal(again.body.data.documentId, made.body.data.documentId);
  const mine = await alertsOf(buyer);
  assert.equal(mine.length, 1);
  assert.equal(Number(mine[0].below_price), product.price - 20);
  assert.equal(mine[0].active, true);

  // The customer changes the threshold and pauses; the product and the firing time are the CMS's.
  const edited = await put(
    `/price-alerts/${made.body.data.documentId}`,
    {
      data: { below_price: 500, active: false, product_slug: priced[1].slug, last_fired_at: new Date().toISOString() },
    },
    { token: buyer.jwt },
  );
  assert.equal(edited.status, 200, edited.text);
  assert.deepEqual(
    [
      edited.body.data.product_slug,
      Number(edited.body.data.below_price),
      edited.body.data.active,
      edited.body.data.last_fired_at,
    ],
    [product.slug, 500, false, null],
  );
  assert.equal((await del(`/price-alerts/${made.body.data.documentId}`, { token: buyer.jwt })).status, 204);
  assert.deepEqual(await alertsOf(buyer), []);
});

test('another customer finds none of them: not listed, 404 to read, change or delete', async () => {
  const made = await post(
    '/price-alerts',
    { data: { product_slug: priced[2].slug, below_price: 100 } },
    { token: buyer.jwt },
  );
  assert.equal(made.status, 201, made.text);
  const id = made.body.data.documentId;
  assert.deepEqual(await alertsOf(other), []);
  assert.equal((await get(`/price-alerts/${id}`, { token: other.jwt })).status, 404);
  assert.equal((await put(`/price-alerts/${id}`, { data: { active: false } }, { token: other.jwt })).status, 404);
  assert.equal((await del(`/price-alerts/${id}`, { token: other.jwt })).status, 404);
  // The same product for the other customer is their own alert, not an update of the buyer's.
  const theirs = await post(
    '/price-alerts',
    { data: { product_slug: priced[2].slug, below_price: 200 } },
    { token: other.jwt },
  );
  assert.equal(theirs.status, 201, theirs.text);
  assert.notEqual(theirs.body.data.documentId, id);
  assert.equal(Number((await get(`/price-alerts/${id}`, { token: buyer.jwt })).body.data.below_price), 100);
  for (const customer of [buyer, other])
    for (const alert of await alertsOf(customer))
      await del(`/price-alerts/${alert.documentId}`, { token: customer.jwt });
});

test('at most 20 active alerts per account; a paused one does not count, and resuming past the limit is refused', async () => {
  const limited = await register('alertslimit');
  const create = (product) =>
    post('/price-alerts', { data: { product_slug: product.slug, below_price: 100 } }, { token: limited.jwt });
  for (const product of priced.slice(0, MAX_ACTIVE)) assert.equal((await create(product)).status, 201, product.slug);
  const over = await create(priced[MAX_ACTIVE]);
  assert.equal(over.status, 403, over.text);
  assert.match(over.body.error.message, /حداکثر ۲۰ اعلان قیمت فعال/);

  const [first] = await alertsOf(limited);
  const pause = await put(`/price-alerts/${first.documentId}`, { data: { active: false } }, { token: limited.jwt });
  assert.equal(pause.status, 200, pause.text);
  assert.equal((await create(priced[MAX_ACTIVE])).status, 201);
  const resume = await put(`/price-alerts/${first.documentId}`, { data: { active: true } }, { token: limited.jwt });
  assert.equal(resume.status, 403, resume.text);
  assert.equal((await del('/users/me', { token: limited.jwt })).status, 200);
});

test(
  'the editor lowers a price to a threshold: one notification and one mail; again the same day, nothing; above a threshold, nothing',
  { skip: !EDITOR_TOKEN && 'CMS_EDITOR_TOKEN unset' },
  async () => {
    const product = priced[priced.length - 1];
    const editor = { token: EDITOR_TOKEN };
    const setPrice = async (price) => {
      const r = await put(`/products/${product.documentId}?status=published`, { data: { price } }, editor);
      assert.equal(r.status, 200, r.text);
    };
    const threshold = product.price - 10_000;
    const watcher = await register('alertswatch');
    const lower = await register('alertslow');
    const set = async (customer, below_price) => {
      const r = await post(
        '/price-alerts',
        { data: { product_slug: product.slug, below_price } },
        { token: customer.jwt },
      );
      assert.equal(r.status, 201, r.text);
      return r.body.data;
    };
    const alert = await set(watcher, threshold);
    await set(lower, threshold - 100_000); // the new price stays above this one
    try {
      await setPrice(threshold - 1_000);
      const [notification, ...more] = await notificationsOf(watcher);
      assert.deepEqual(more, []);
      assert.ok(notification, 'a notification');
      assert.equal(notification.kind, 'price_alert');
      assert.equal(notification.product_slug, product.slug);
      assert.equal(notification.read_at, null);
      assert.match(notification.title, new RegExp(`«${product.name}»`));
      assert.match(notification.body, /تومان/);
      const mails = mailsTo(watcher);
      assert.equal(mails.length, 1);
      assert.equal(mails[0].subject, notification.title);
      // Links to the site's public address (SITE_URL), never a default host.
      assert.ok(mails[0].text.includes(`${process.env.SITE_URL}/inquiry/alerts`), mails[0].text);
      const fired = (await get(`/price-alerts/${alert.documentId}`, { token: watcher.jwt })).body.data;
      assert.equal(tehranDay(new Date(fired.last_fired_at)), tehranDay());

      // Lowered again the same day: still below, but the day's notification has gone.
      await setPrice(threshold - 2_000);
      assert.equal((await notificationsOf(watcher)).length, 1);
      assert.equal(mailsTo(watcher).length, 1);
      // Above the other customer's threshold all along: nothing for them.
      assert.deepEqual(await notificationsOf(lower), []);
      assert.deepEqual(mailsTo(lower), []);
      assert.deepEqual(await notificationsOf(other), []);

      // The customer may mark it read, and nothing else; another customer cannot even find it.
      const id = notification.documentId;
      assert.equal((await put(`/notifications/${id}`, { data: { read_at: 'now' } }, { token: other.jwt })).status, 404);
      assert.equal((await get(`/notifications/${id}`, { token: other.jwt })).status, 404);
      const retitled = await put(`/notifications/${id}`, { data: { title: 'x' } }, { token: watcher.jwt });
      assert.equal(retitled.status, 403, retitled.text);
      const read = await put(
        `/notifications/${id}`,
        { data: { read_at: '2000-01-01T00:00:00.000Z' } },
        { token: watcher.jwt },
      );
      assert.equal(read.status, 200, read.text);
      assert.ok(Date.now() - Date.parse(read.body.data.read_at) < 60_000, 'the CMS writes its own time');
      assert.equal(read.body.data.title, notification.title);
      const made = await post('/notifications', { data: { kind: 'price_alert', title: 'x' } }, { token: watcher.jwt });
      assert.equal(made.status, 403, made.text);
      assert.equal((await del(`/notifications/${id}`, { token: watcher.jwt })).status, 403);
    } finally {
      await setPrice(product.price);
    }
    // Back above every threshold: still the one notification.
    assert.equal((await notificationsOf(watcher)).length, 1);
    for (const customer of [watcher, lower])
      assert.equal((await del('/users/me', { token: customer.jwt })).status, 200);
  },
);
