'use strict';

// A buyer's request for quotation in the CMS: the public commerce setting and seller, the
// basket kept in the account, sending an inquiry (checks, shipping estimate, the per-day limit),
// owner scoping, the operator's quote through an API token, expiry, and accepting it into an order.
const test = require('node:test');
const assert = require('node:assert/strict');
const { get, post, put, del, register } = require('./helpers');
// The kit's sale-unit weights (what the CMS weighs a line by) and how the site writes a figure.
const { kgPerSaleUnit } = require('../src/utils/site-rules');

const EDITOR_TOKEN = process.env.CMS_EDITOR_TOKEN;
const operator = { token: EDITOR_TOKEN };
const needsEditor = { skip: !EDITOR_TOKEN && 'CMS_EDITOR_TOKEN unset' };

const DAY_MS = 24 * 60 * 60 * 1000;
const PER_DAY = 10;

/** `count` published products sold by `saleUnit`. */
async function productsSoldBy(saleUnit, count) {
  const r = await get(`/products?filters[sale_unit][$eq]=${saleUnit}&fields[0]=slug&pagination[pageSize]=${count}`);
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.length, count, `${count} products sold by ${saleUnit}`);
  return r.body.data;
}

/** A published product sold by `saleUnit` whose sale unit the data weighs: { slug, name, price, sale_unit, kg }. */
async function productSoldBy(saleUnit) {
  const r = await get(
    `/products?filters[sale_unit][$eq]=${saleUnit}&fields[0]=slug&fields[1]=name&fields[2]=price&fields[3]=sale_unit&fields[4]=attributes&pagination[pageSize]=50`,
  );
  assert.equal(r.status, 200, r.text);
  const weighed = r.body.data.map((p) => ({ ...p, kg: kgPerSaleUnit(saleUnit, p.attributes) }));
  const product = weighed.find((p) => p.kg !== null);
  assert.ok(product, `a product sold by ${saleUnit} with a plain weight`);
  return product;
}

let tonneProduct;
let branchProduct;
let tehranRoute;
test.before(async () => {
  tonneProduct = await productSoldBy('tonne');
  branchProduct = await productSoldBy('branch');
  // The inquiry's goods leave from Tehran (the seeded inquiry origin): to Tehran is this route.
  const routes = await get('/shipping-routes?filters[origin_slug][$eq]=tehran&filters[destination_slug][$eq]=tehran');
  tehranRoute = routes.body.data[0];
});

const sendBody = (overrides = {}) => ({
  data: {
    lines: [
      { product_slug: tonneProduct.slug, quantity: 2, weight_kg: 2000 },
      { product_slug: branchProduct.slug, quantity: 30, weight_kg: 1500 },
    ],
    city_slug: 'tehran',
    note: 'تحویل در کارگاه، صبح',
    ...overrides,
  },
});

async function send(customer, overrides) {
  const r = await post('/inquiries', sendBody(overrides), { token: customer.jwt });
  assert.equal(r.status, 201, r.text);
  return r.body.data;
}

async function quote(documentId, data) {
  return put(`/inquiries/${documentId}/quote`, { data }, operator);
}

const priced = () => ({
  lines: [
    { product_slug: tonneProduct.slug, quoted_unit_price: 400000000 },
    { product_slug: branchProduct.slug, quoted_unit_price: 1500000 },
  ],
  quoted_shipping: 30000000,
});
// 2 t × 400,000,000 + 30 branches × 1,500,000 + 30,000,000 shipping, and 10% tax on all of it.
const EXPECTED_TOTAL = 875000000 + 87500000;

test('anyone reads the commerce setting and the seller; nobody changes them', async () => {
  const setting = await get('/commerce-setting');
  assert.equal(setting.status, 200, setting.text);
  assert.equal(Number(setting.body.data.tax_rate_percent), 10);
  assert.equal(setting.body.data.quote_valid_days, 3);
  // Who sells, as every pro-forma names them: seeded from data/domain/seller.json, read by anyone.
  const seller = await get('/seller');
  assert.equal(seller.status, 200, seller.text);
  assert.match(seller.body.data.legal_name, /شرکت/);
  assert.match(seller.body.data.national_id, /^\d{11}$/);
  assert.match(seller.body.data.economic_code, /^\d{12,14}$/);
  assert.ok(seller.body.data.address && seller.body.data.phone);

  const customer = await register('rates');
  for (const [label, r] of [
    ['PUT setting', await put('/commerce-setting', { data: { tax_rate_percent: 0 } }, { token: customer.jwt })],
    ['PUT seller', await put('/seller', { data: { national_id: '00000000000' } }, { token: customer.jwt })],
  ])
    assert.ok([403, 404, 405].includes(r.status), `${label}: ${r.status} ${r.text}`);
  assert.equal(Number((await get('/commerce-setting')).body.data.tax_rate_percent), 10);
});

test('the basket in the account: empty at first, replaced whole, the caller’s own', async () => {
  assert.ok([401, 403].includes((await get('/inquiry-basket/mine')).status));
  const buyer = await register('basket');
  const other = await register('basketb');
  const auth = { token: buyer.jwt };

  const empty = await get('/inquiry-basket/mine', auth);
  assert.equal(empty.status, 200, empty.text);
  assert.deepEqual(empty.body.data, { lines: [], updatedAt: null });

  const lines = [
    { product_slug: tonneProduct.slug, quantity: 1.25 },
    { product_slug: branchProduct.slug, quantity: 40 },
  ];
  const saved = await put('/inquiry-basket/mine', { data: { lines } }, auth);
  assert.equal(saved.status, 200, saved.text);
  assert.deepEqual(saved.body.data.lines, lines);
  assert.ok(saved.body.data.updatedAt);
  assert.deepEqual((await get('/inquiry-basket/mine', auth)).body.data.lines, lines);
  // Another account sees its own (empty) basket, and its PUT leaves this one alone.
  assert.deepEqual((await get('/inquiry-basket/mine', { token: other.jwt })).body.data.lines, []);
  await put('/inquiry-basket/mine', { data: { lines: [lines[0]] } }, { token: other.jwt });
  assert.deepEqual((await get('/inquiry-basket/mine', auth)).body.data.lines, lines);

  const refused = async (data, named) => {
    const r = await put('/inquiry-basket/mine', { data }, auth);
    assert.equal(r.status, 400, `${JSON.stringify(data)}: ${r.text}`);
    for (const n of named) assert.ok(r.body.error.message.includes(n), `${r.body.error.message} names ${n}`);
  };
  const line = (quantity, slug = tonneProduct.slug) => ({ lines: [{ product_slug: slug, quantity }] });
  await refused(line(0), ['ردیف ۱', `مقدار «${tonneProduct.name}» باید بیشتر از صفر باشد`]);
  await refused(line(-3), ['باید بیشتر از صفر باشد']);
  await refused(line(1.2345), ['حداکثر ۳ رقم اعشار']);
  await refused(line(5001), ['حداکثر ۵٬۰۰۰ تن']);
  await refused(line('دو'), ['با عدد بنویسید']);
  await refused(line(1, 'no-such-product'), ['«no-such-product» فروخته نمی‌شود']);
  await refused({ lines: [lines[0], lines[0]] }, ['ردیف ۲', 'دو بار']);
  await refused({ lines: [{ ...lines[0], price: 1 }] }, ['کلیدهای ناشناخته: price']);
  await refused({ lines: Array.from({ length: 51 }, (_, i) => ({ product_slug: `p${i}`, quantity: 1 })) }, [
    'حداکثر ۵۰ قلم',
    '۵۱',
  ]);
  const owner = await put('/inquiry-basket/mine', { data: { lines, owner: other.user.id } }, auth);
  assert.equal(owner.status, 400);
  // Nothing refused was written; an empty list empties it.
  assert.deepEqual((await get('/inquiry-basket/mine', auth)).body.data.lines, lines);
  const emptied = await put('/inquiry-basket/mine', { data: { lines: [] } }, auth);
  assert.equal(emptied.status, 200, emptied.text);
  assert.deepEqual((await get('/inquiry-basket/mine', auth)).body.data.lines, []);
});

// What a person may type, as a browser or any other client sends it: the CMS reads it with the
// site's one reader (mf-shared/src/numbers/typed-number.cjs), never with JavaScript's Number().
const BAD_SPELLINGS = [
  ['0x10', 'را با عدد بنویسید'],
  ['1e3', 'نماد علمی'],
  ['1E9', 'نماد علمی'],
  [' 7 ', 'بدون فاصله'],
  ['1 500', 'بدون فاصله'],
  ['1,5', 'فقط میان هر سه رقم'],
  ['12,34', 'فقط میان هر سه رقم'],
  ['', 'را وارد کنید'],
  [null, 'را وارد کنید'],
  ['-3', 'بیشتر از صفر'],
  [-3, 'بیشتر از صفر'],
  ['0', 'بیشتر از صفر'],
  ['Infinity', 'را با عدد بنویسید'],
  ['۱۲kg', 'را با عدد بنویسید'],
  ['5001', 'حداکثر ۵٬۰۰۰ تن'],
  ['1000000000', 'حداکثر ۵٬۰۰۰ تن'],
  [true, 'را با عدد بنویسید'],
];
const GOOD_SPELLINGS = [
  ['۱۲', 12],
  ['١٢', 12],
  ['۱٫۵', 1.5],
  ['١٫٥', 1.5],
  ['1,500', 1500],
  ['۱٬۲۵۰٫۵', 1250.5],
  [7, 7],
];

test('every bad spelling of a quantity is refused in Persian, naming the product; every good one is read', async () => {
  const buyer = await register('spell');
  const auth = { token: buyer.jwt };
  for (const [spelling, said] of BAD_SPELLINGS) {
    const line = { product_slug: tonneProduct.slug, quantity: spelling };
    for (const [route, write] of [
      ['basket', () => put('/inquiry-basket/mine', { data: { lines: [line] } }, auth)],
      ['inquiry', () => post('/inquiries', sendBody({ lines: [line] }), auth)],
    ]) {
      const r = await write();
      assert.equal(r.status, 400, `${route} ${JSON.stringify(spelling)}: ${r.text}`);
      const { message, details } = r.body.error;
      assert.ok(
        message.startsWith(`ردیف ۱: مقدار «${tonneProduct.name}»`) ||
          message.startsWith(`ردیف ۱: در مقدار «${tonneProduct.name}»`),
        message,
      );
      assert.ok(message.includes(said), `${route} ${JSON.stringify(spelling)}: «${message}» says «${said}»`);
      assert.deepEqual(details.errors[0].path, ['lines', 0, 'quantity']);
    }
  }
  assert.equal((await get('/inquiries', auth)).body.data.length, 0, 'nothing refused was written');
  for (const [spelling, read] of GOOD_SPELLINGS) {
    const saved = await put(
      '/inquiry-basket/mine',
      { data: { lines: [{ product_slug: tonneProduct.slug, quantity: spelling }] } },
      auth,
    );
    assert.equal(saved.status, 200, `${JSON.stringify(spelling)}: ${saved.text}`);
    assert.deepEqual(saved.body.data.lines, [{ product_slug: tonneProduct.slug, quantity: read }]);
  }
  // A line's limit is its product's, in its sale unit, said with the weight it comes to.
  const branches = await put(
    '/inquiry-basket/mine',
    { data: { lines: [{ product_slug: branchProduct.slug, quantity: '1000000000' }] } },
    auth,
  );
  assert.equal(branches.status, 400, branches.text);
  assert.match(branches.body.error.message, /حداکثر [۰-۹٬]+ شاخه \(≈ ۵٬۰۰۰ تن\) است/);
  // And an inquiry's, by weight: five lines of 5,000 tonnes are more than one inquiry may ask for.
  const tonnes = await productsSoldBy('tonne', 5);
  const heavy = await post(
    '/inquiries',
    sendBody({ lines: tonnes.map((p) => ({ product_slug: p.slug, quantity: 5000 })) }),
    auth,
  );
  assert.equal(heavy.status, 400, heavy.text);
  assert.match(heavy.body.error.message, /وزن کل یک استعلام حداکثر ۲۰٬۰۰۰ تن است؛ این اقلام ۲۵٬۰۰۰ تن است/);
});

test('sending: every bad field named in one 400; a good one is filled in from the products with a shipping estimate', async () => {
  const buyer = await register('send');
  const auth = { token: buyer.jwt };
  assert.ok([401, 403].includes((await post('/inquiries', sendBody())).status));

  const badCity = await post('/inquiries', sendBody({ city_slug: 'atlantis' }), auth);
  assert.equal(badCity.status, 400, badCity.text);
  assert.match(badCity.body.error.message, /شهر محل تحویل \(city_slug\)/);

  const badLines = await post(
    '/inquiries',
    sendBody({
      city_slug: 'narnia',
      lines: [
        { product_slug: tonneProduct.slug, quantity: 0, weight_kg: 10 },
        { product_slug: branchProduct.slug, quantity: '1e3', weight_kg: 1 },
      ],
    }),
    auth,
  );
  assert.equal(badLines.status, 400, badLines.text);
  const paths = (badLines.body.error.details.errors || []).map((e) => e.path.join('.'));
  assert.deepEqual(paths.sort(), ['city_slug', 'lines.0.quantity', 'lines.1.quantity'], badLines.text);
  assert.match(
    badLines.body.error.message,
    /ردیف ۲: مقدار «.+» را با همهٔ رقم‌هایش بنویسید؛ نماد علمی \(e\) پذیرفته نیست/,
  );

  const unknown = await post(
    '/inquiries',
    sendBody({ lines: [{ product_slug: 'no-such-product', quantity: 1, weight_kg: 1 }] }),
    auth,
  );
  assert.equal(unknown.status, 400);
  assert.match(unknown.body.error.message, /«no-such-product» فروخته نمی‌شود/);

  const tooMany = await post(
    '/inquiries',
    sendBody({ lines: Array.from({ length: 51 }, (_, i) => ({ product_slug: `p${i}`, quantity: 1, weight_kg: 1 })) }),
    auth,
  );
  assert.equal(tooMany.status, 400);
  assert.match(tooMany.body.error.message, /حداکثر ۵۰ قلم .*۵۱ قلم/);
  const none = await post('/inquiries', sendBody({ lines: [] }), auth);
  assert.equal(none.status, 400);
  const longNote = await post('/inquiries', sendBody({ note: 'ن'.repeat(1001) }), auth);
  assert.equal(longNote.status, 400);
  assert.equal((await get('/inquiries', auth)).body.data.length, 0, 'nothing refused was written');

  // What only the server or the operator sets is not taken from the buyer.
  const inquiry = await send(buyer, { status: 'quoted', quoted_shipping: 1, shipping_estimate: 1, number: 'X' });
  assert.match(inquiry.number, /^RQ-/);
  assert.equal(inquiry.status, 'sent');
  assert.equal(inquiry.quoted_shipping, null);
  assert.equal(inquiry.city_name, 'تهران');
  assert.equal(inquiry.province_name, 'تهران');
  assert.equal(inquiry.note, 'تحویل در کارگاه، صبح');
  // The CMS weighs the lines itself (the weight_kg sent is ignored): 2 t and 30 branches, Tehran to
  // Tehran, in the route's first tier (below its second's 10 t).
  const tonnes = (2000 + 30 * branchProduct.kg) / 1000;
  const [first, second] = tehranRoute.tiers;
  assert.ok(Number(first.min_tonnes) === 0 && tonnes < Number(second.min_tonnes), JSON.stringify(tehranRoute.tiers));
  assert.equal(Number(inquiry.shipping_estimate), Math.round(tonnes * Number(first.rate_per_tonne)));
  assert.deepEqual(
    inquiry.status_history.map((h) => h.status),
    ['sent'],
  );
  const [tonneLine, branchLine] = inquiry.lines;
  assert.equal(tonneLine.product_name, tonneProduct.name);
  assert.equal(tonneLine.sale_unit, 'tonne');
  assert.equal(Number(tonneLine.indicative_unit_price), Number(tonneProduct.price));
  assert.equal(Number(tonneLine.quantity), 2);
  assert.equal(branchLine.sale_unit, 'branch');
  assert.ok(Math.abs(Number(branchLine.weight_kg) - 30 * branchProduct.kg) < 0.01, branchLine.weight_kg);
  assert.equal(branchLine.quoted_unit_price, null);

  const read = await get(`/inquiries/${inquiry.documentId}`, auth);
  assert.equal(read.status, 200, read.text);
  assert.equal(read.body.data.lines.length, 2, 'a read answers the lines');
  const list = await get('/inquiries', auth);
  assert.deepEqual(
    list.body.data.map((i) => i.documentId),
    [inquiry.documentId],
  );
});

test(
  'another customer reads none of it and changes none of it; a customer cannot price or delete',
  needsEditor,
  async () => {
    const buyer = await register('owner');
    const other = await register('ownerb');
    const inquiry = await send(buyer);
    const theirs = { token: other.jwt };
    assert.equal((await get(`/inquiries/${inquiry.documentId}`, theirs)).status, 404);
    assert.deepEqual((await get('/inquiries', theirs)).body.data, []);
    assert.equal((await get(`/inquiries?filters[number][$eq]=${inquiry.number}`, theirs)).body.data.length, 0);
    assert.equal(
      (await put(`/inquiries/${inquiry.documentId}`, { data: { status: 'cancelled' } }, theirs)).status,
      404,
    );
    assert.equal((await post(`/inquiries/${inquiry.documentId}/cancel`, {}, theirs)).status, 404);
    assert.equal((await post(`/inquiries/${inquiry.documentId}/accept`, {}, theirs)).status, 404);

    // The buyer's own update may only cancel: quoted fields are dropped, a quoted status refused.
    const auth = { token: buyer.jwt };
    const sneaky = await put(
      `/inquiries/${inquiry.documentId}`,
      {
        data: {
          quoted_shipping: 1,
          tax_rate_percent: 0,
          shipping_estimate: 1,
          quote_expires_at: '2099-01-01T00:00:00Z',
        },
      },
      auth,
    );
    assert.equal(sneaky.status, 200, sneaky.text);
    const quotedStatus = await put(`/inquiries/${inquiry.documentId}`, { data: { status: 'quoted' } }, auth);
    assert.equal(quotedStatus.status, 403, quotedStatus.text);
    const pricing = await put(`/inquiries/${inquiry.documentId}/quote`, { data: priced() }, auth);
    assert.equal(pricing.status, 403, pricing.text);
    assert.equal((await del(`/inquiries/${inquiry.documentId}`, auth)).status, 403);
    const after = (await get(`/inquiries/${inquiry.documentId}`, auth)).body.data;
    assert.equal(after.status, 'sent');
    assert.equal(after.quoted_shipping, null);
    assert.equal(after.tax_rate_percent, null);
    assert.equal(after.quote_expires_at, null);
    assert.equal(Number(after.shipping_estimate), Number(inquiry.shipping_estimate));
  },
);

test('the operator prices it; the buyer accepts it into an order once', needsEditor, async () => {
  const buyer = await register('accept');
  const auth = { token: buyer.jwt };
  const inquiry = await send(buyer);
  assert.equal((await post(`/inquiries/${inquiry.documentId}/accept`, {}, auth)).status, 409, 'nothing to accept yet');

  // The operator sees every inquiry.
  const queue = await get(`/inquiries?filters[number][$eq]=${inquiry.number}`, operator);
  assert.equal(queue.status, 200, queue.text);
  assert.equal(queue.body.data[0].documentId, inquiry.documentId);
  assert.equal(queue.body.data[0].owner, undefined);

  const half = await quote(inquiry.documentId, { lines: [priced().lines[0]] });
  assert.equal(half.status, 400, half.text);
  assert.match(half.body.error.message, new RegExp(`بی‌قیمت: «${branchProduct.name}»`));
  const stranger = await quote(inquiry.documentId, { lines: [{ product_slug: 'x', quoted_unit_price: 5 }] });
  assert.equal(stranger.status, 400);
  const fraction = await quote(inquiry.documentId, { lines: [{ ...priced().lines[0], quoted_unit_price: 1.5 }] });
  assert.match(fraction.body.error.message, /قیمت واحد «.+» \(quoted_unit_price\) را بدون اعشار وارد کنید/);
  for (const spelling of ['0x10', '1e6', ' 7 ', '1,5', -3]) {
    const refused = await quote(inquiry.documentId, { lines: [{ ...priced().lines[0], quoted_unit_price: spelling }] });
    assert.equal(refused.status, 400, `${JSON.stringify(spelling)}: ${refused.text}`);
    assert.match(refused.body.error.message, /^ردیف ۱: (در )?قیمت واحد/, refused.text);
  }
  const shipping = await quote(inquiry.documentId, { ...priced(), quoted_shipping: '1e9' });
  assert.match(shipping.body.error.message, /هزینهٔ حمل \(quoted_shipping\)/);

  const before = Date.now();
  const quoted = await quote(inquiry.documentId, { ...priced(), operator_note: 'قیمت با حمل تا کارگاه' });
  assert.equal(quoted.status, 200, quoted.text);
  const q = quoted.body.data;
  assert.equal(q.status, 'quoted');
  assert.equal(Number(q.tax_rate_percent), 10);
  assert.equal(Number(q.quoted_shipping), 30000000);
  assert.equal(q.operator_note, 'قیمت با حمل تا کارگاه');
  const quotedAt = new Date(q.quoted_at).getTime();
  assert.ok(quotedAt >= before - 1000 && quotedAt <= Date.now() + 1000);
  assert.equal(new Date(q.quote_expires_at).getTime() - quotedAt, 3 * DAY_MS);
  assert.deepEqual(
    q.status_history.map((h) => h.status),
    ['sent', 'quoted'],
  );
  const mine = (await get(`/inquiries/${inquiry.documentId}`, auth)).body.data;
  assert.equal(mine.status, 'quoted');
  assert.deepEqual(
    mine.lines.map((l) => Number(l.quoted_unit_price)),
    [400000000, 1500000],
  );

  const accepted = await post(`/inquiries/${inquiry.documentId}/accept`, {}, auth);
  assert.equal(accepted.status, 200, accepted.text);
  const { inquiry: after, order } = accepted.body.data;
  assert.equal(after.status, 'accepted');
  assert.equal(after.order_number, order.number);
  assert.match(order.number, /^SO-/);

  const orders = await get(`/orders?filters[number][$eq]=${order.number}&populate=items`, auth);
  assert.equal(orders.status, 200, orders.text);
  const [placed] = orders.body.data;
  assert.equal(placed.documentId, order.documentId);
  assert.equal(placed.status, 'proforma_issued');
  assert.equal(Number(placed.total_price), EXPECTED_TOTAL);
  assert.ok(placed.note.includes(inquiry.number));
  assert.deepEqual(
    placed.items.map((i) => [i.product_slug, Number(i.quantity), i.sale_unit]),
    [
      [tonneProduct.slug, 2, 'tonne'],
      [branchProduct.slug, 30, 'branch'],
    ],
  );
  // Rial per kg, as every order's unit price: a tonne's quote over 1000 kg, a branch's over its weight.
  assert.deepEqual(
    placed.items.map((i) => Number(i.unit_price)),
    [400000, Math.round(1500000 / branchProduct.kg)],
  );
  // The quote's own figures, per sale unit and in total: the panel shows the order as quoted.
  assert.deepEqual(
    placed.items.map((i) => Number(i.quoted_unit_price)),
    [400000000, 1500000],
  );
  assert.equal(Number(placed.lines_total), 845000000);
  assert.equal(Number(placed.shipping_price), 30000000);
  assert.equal(Number(placed.tax_rate_percent), 10);
  assert.equal(Number(placed.tax_price), 87500000);
  assert.equal(placed.inquiry_number, inquiry.number);

  const again = await post(`/inquiries/${inquiry.documentId}/accept`, {}, auth);
  assert.equal(again.status, 409, again.text);
  assert.equal(again.body.error.message, 'این پیش‌فاکتور پیش‌تر پذیرفته شده است.');
  assert.equal((await get(`/orders?filters[note][$contains]=${inquiry.number}`, auth)).body.data.length, 1);
  assert.equal((await quote(inquiry.documentId, priced())).status, 409, 'an accepted quote is not priced again');
  assert.equal((await post(`/inquiries/${inquiry.documentId}/cancel`, {}, auth)).status, 409);
});

test('a quote past its deadline reads as expired and cannot be accepted', needsEditor, async () => {
  const buyer = await register('expiry');
  const auth = { token: buyer.jwt };
  const inquiry = await send(buyer);
  assert.equal((await quote(inquiry.documentId, priced())).status, 200);
  const past = new Date(Date.now() - 60 * 1000).toISOString();
  const moved = await quote(inquiry.documentId, { quote_expires_at: past });
  assert.equal(moved.status, 200, moved.text);

  const read = (await get(`/inquiries/${inquiry.documentId}`, auth)).body.data;
  assert.equal(read.status, 'expired');
  assert.equal(new Date(read.quote_expires_at).toISOString(), past);
  assert.equal((await get('/inquiries', auth)).body.data[0].status, 'expired');
  const late = await post(`/inquiries/${inquiry.documentId}/accept`, {}, auth);
  assert.equal(late.status, 409, late.text);
  assert.equal(late.body.error.message, 'مهلت این پیش‌فاکتور گذشته است؛ استعلام تازه‌ای بفرستید.');
  assert.equal((await get('/orders', auth)).body.data.length, 0);

  // Priced again, it is open again, with a fresh deadline.
  const requoted = await quote(inquiry.documentId, {});
  assert.equal(requoted.status, 200, requoted.text);
  assert.equal(requoted.body.data.status, 'quoted');
  assert.ok(new Date(requoted.body.data.quote_expires_at).getTime() > Date.now() + 2 * DAY_MS);
});

test('the buyer cancels a sent inquiry, once', async () => {
  const buyer = await register('cancel');
  const auth = { token: buyer.jwt };
  const inquiry = await send(buyer);
  const cancelled = await post(`/inquiries/${inquiry.documentId}/cancel`, {}, auth);
  assert.equal(cancelled.status, 200, cancelled.text);
  assert.equal(cancelled.body.data.status, 'cancelled');
  assert.deepEqual(
    cancelled.body.data.status_history.map((h) => h.status),
    ['sent', 'cancelled'],
  );
  assert.equal((await post(`/inquiries/${inquiry.documentId}/cancel`, {}, auth)).status, 409);
  const viaPut = await send(buyer);
  const put1 = await put(`/inquiries/${viaPut.documentId}`, { data: { status: 'cancelled' } }, auth);
  assert.equal(put1.status, 200, put1.text);
  assert.equal(put1.body.data.status, 'cancelled');
});

test(`an account sends at most ${PER_DAY} inquiries in 24 hours`, async () => {
  const buyer = await register('limit');
  const line = [{ product_slug: tonneProduct.slug, quantity: 1, weight_kg: 1000 }];
  for (let i = 0; i < PER_DAY; i++) await send(buyer, { lines: line });
  const over = await post('/inquiries', sendBody({ lines: line }), { token: buyer.jwt });
  assert.equal(over.status, 429, over.text);
  assert.match(over.body.error.message, /استعلام/);
  assert.ok(Number(over.headers.get('retry-after')) > 23 * 60 * 60);
  assert.equal((await get('/inquiries?pagination[pageSize]=50', { token: buyer.jwt })).body.data.length, PER_DAY);
  // Another account is not held back by it.
  await send(await register('limitb'), { lines: line });
});
