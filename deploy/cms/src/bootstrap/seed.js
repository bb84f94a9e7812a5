'use strict';

const crypto = require('crypto');
const { loadCatalogue, loadFactories } = require('./domain');
const { ensureImage } = require('./images');
const fa = require('./content-fa');

const DAY = 24 * 60 * 60 * 1000;

/** Deterministic PRNG (mulberry32) seeded from a string. */
function rng(seedText) {
  let a = parseInt(crypto.createHash('sha1').update(seedText).digest('hex').slice(0, 8), 16);
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const isoDate = (d) => d.toISOString().slice(0, 10);
const todayUtc = () => { const d = new Date(); return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())); };
const jalali = (d) => {
  const parts = new Intl.DateTimeFormat('en-US-u-ca-persian', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).formatToParts(d);
  const get = (t) => parts.find((p) => p.type === t).value;
  return `${get('year')}/${get('month')}/${get('day')}`;
};

/**
 * 90 days of daily prices ending today at the product's price: a deterministic random walk
 * (seeded by the slug) of at most ±1.5 % a day, rounded to 100 rial. [{date:'YYYY-MM-DD', price}]
 */
function priceHistory(slug, price, end = todayUtc(), days = 90) {
  const rand = rng(`price:${slug}`);
  const out = []; let p = price;
  for (let i = 0; i < days; i++) {
    out.push({ date: isoDate(new Date(end.getTime() - i * DAY)), price: Math.max(100, Math.round(p / 100) * 100) });
    p = p / (1 + (rand() - 0.5) * 0.03);
  }
  out[0].price = price;
  return out.reverse();
}

/** Existing values of `field` (drafts and published rows alike). */
async function existingKeys(strapi, uid, field) {
  const rows = await strapi.db.query(uid).findMany({ select: [field, 'documentId'] });
  const map = new Map();
  for (const r of rows) map.set(r[field], r.documentId);
  return map;
}

async function createPublished(strapi, uid, data) {
  const doc = await strapi.documents(uid).create({ data, status: 'published' });
  return doc.documentId;
}

async function seedCatalogue(strapi, log) {
  const { categories, subCategories, products } = loadCatalogue();
  const factories = loadFactories();
  const count = { categories: 0, subCategories: 0, products: 0, factories: 0 };

  const factoryIds = await existingKeys(strapi, 'api::factory.factory', 'slug');
  for (const f of factories) {
    if (factoryIds.has(f.slug)) continue;
    const logo = await ensureImage(strapi, { key: `factory-${f.slug}`, title: f.name_fa, subtitle: f.city_fa ? `${f.city_fa}، ${f.province_fa}` : '' });
    factoryIds.set(f.slug, await createPublished(strapi, 'api::factory.factory', {
      slug: f.slug, name: f.name_fa, name_en: f.name_en, aka: f.aka || [], city: f.city_fa, city_en: f.city_en, province: f.province_fa,
      province_en: f.province_en, main_products: f.main_products || [], main_products_text: f.main_products_fa, facts: f.facts || [],
      sources: f.sources || [], uncertain: f.uncertain || [], logo,
    }));
    count.factories++;
  }
  const factoryByName = factories.map((f) => ({ slug: f.slug, names: [f.name_fa, ...(f.aka || [])].filter((n) => /[\u0600-\u06FF]/.test(n)) }));
  const matchFactory = (producer) => {
    if (!producer) return null;
    const clean = producer.replace(/⚠/g, '').trim();
    const hit = factoryByName.find((f) => f.names.some((n) => clean === n || clean.includes(n)));
    return hit ? factoryIds.get(hit.slug) : null;
  };

  const categoryIds = await existingKeys(strapi, 'api::category.category', 'slug');
  for (const c of categories) {
    if (categoryIds.has(c.slug)) continue;
    const image = await ensureImage(strapi, { key: `category-${c.slug}`, title: c.title, subtitle: c.title_en });
    categoryIds.set(c.slug, await createPublished(strapi, 'api::category.category', {
      slug: c.slug, title: c.title, title_en: c.title_en, description: c.description, sort_order: c.sort_order, groups: c.groups, image,
    }));
    count.categories++;
  }

  const subIds = await existingKeys(strapi, 'api::sub-category.sub-category', 'path');
  for (const s of subCategories) {
    if (subIds.has(s.path)) continue;
    const image = await ensureImage(strapi, { key: `sub-${s.path}`, title: s.title, subtitle: s.group_title || '' });
    subIds.set(s.path, await createPublished(strapi, 'api::sub-category.sub-category', {
      path: s.path, slug: s.slug, title: s.title, title_en: s.title_en, description: s.description, attribute_keys: s.attribute_keys,
      uncertain: s.uncertain, note: s.note, group: s.group, group_title: s.group_title, sort_order: s.sort_order,
      category: categoryIds.get(s.category), image,
    }));
    count.subCategories++;
  }

  const productIds = await existingKeys(strapi, 'api::product.product', 'slug');
  for (const p of products) {
    if (productIds.has(p.slug)) continue;
    const img = await ensureImage(strapi, { key: `product-${p.slug}`, title: p.name, subtitle: 'قیمت‌ها نمایشی است' });
    productIds.set(p.slug, await createPublished(strapi, 'api::product.product', {
      slug: p.slug, name: p.name, attributes: p.attributes, unit: p.unit, sale_unit: p.sale_unit, price: p.price, illustrative: p.illustrative,
      price_history: priceHistory(p.slug, p.price), producer_name: p.producer_name, note: p.note, sort_order: p.sort_order,
      producer: matchFactory(p.producer_name), sub_category: subIds.get(p.sub_category), category: categoryIds.get(p.category), images: [img],
    }));
    count.products++;
  }
  log(`catalogue: +${count.categories} categories, +${count.subCategories} sub-categories, +${count.products} products, +${count.factories} factories`);
  return { productIds };
}

async function seedEditorial(strapi, log) {
  const n = { experts: 0, services: 0, pages: 0, articles: 0 };
  const experts = await existingKeys(strapi, 'api::expert.expert', 'slug');
  for (const [i, e] of fa.experts.entries()) {
    if (experts.has(e.slug)) continue;
    const photo = await ensureImage(strapi, { key: `expert-${e.slug}`, title: e.name, subtitle: e.specialities.join('، '), width: 400, height: 400 });
    await createPublished(strapi, 'api::expert.expert', { ...e, photo, sort_order: i }); n.experts++;
  }
  const services = await existingKeys(strapi, 'api::service.service', 'slug');
  for (const [i, s] of fa.services.entries()) {
    if (services.has(s.slug)) continue;
    const image = await ensureImage(strapi, { key: `service-${s.slug}`, title: s.title, subtitle: s.summary.slice(0, 40) });
    await createPublished(strapi, 'api::service.service', { ...s, body: `## ${s.title}\n\n${s.summary}\n\nقیمت‌ها نمایشی است؛ برای استعلام با ما تماس بگیرید.`, image, sort_order: i }); n.services++;
  }
  const pages = await existingKeys(strapi, 'api::static-page.static-page', 'slug');
  for (const p of fa.staticPages) {
    if (pages.has(p.slug)) continue;
    await createPublished(strapi, 'api::static-page.static-page', p); n.pages++;
  }
  const articles = await existingKeys(strapi, 'api::article.article', 'slug');
  const today = todayUtc();
  for (const [i, a] of fa.articles.entries()) {
    if (articles.has(a.slug)) continue;
    const cover = await ensureImage(strapi, { key: `article-${a.slug}`, title: a.title, subtitle: a.tags.join(' · '), width: 1200, height: 630 });
    await createPublished(strapi, 'api::article.article', { ...a, cover, publish_date: isoDate(new Date(today.getTime() - (i * 3 + 1) * DAY)) }); n.articles++;
  }
  // Drafts (to prove they are never served): an unpublished article, and an unpublished edit of a published one.
  if (!articles.has('draft-upcoming-price-report')) {
    await strapi.documents('api::article.article').create({ data: {
      slug: 'draft-upcoming-price-report', title: 'پیش‌نویس: گزارش قیمت هفته آینده', excerpt: 'این مقاله هنوز منتشر نشده است.',
      body: 'پیش‌نویس', tags: ['پیش‌نویس'], author: 'تحریریه', publish_date: isoDate(today),
    } });
    const published = await strapi.documents('api::article.article').findFirst({ filters: { slug: fa.articles[0].slug }, status: 'draft' });
    if (published) await strapi.documents('api::article.article').update({ documentId: published.documentId, data: { title: 'پیش‌نویس ویرایش منتشرنشده' } });
    n.articles++;
  }
  log(`editorial: +${n.experts} experts, +${n.services} services, +${n.pages} static pages, +${n.articles} articles`);
}

/** Offers for each trading day (Saturday–Wednesday) of the last 30 days; codes are derived from the date. */
async function seedExchangeOffers(strapi, log) {
  const existing = await existingKeys(strapi, 'api::exchange-offer.exchange-offer', 'offer_code');
  const today = todayUtc(); let created = 0;
  for (let back = 29; back >= 0; back--) {
    const day = new Date(today.getTime() - back * DAY);
    const weekday = day.getUTCDay(); // 4 = Thursday, 5 = Friday: no physical-market sessions
    if (weekday === 4 || weekday === 5) continue;
    const rand = rng(`ime:${isoDate(day)}`);
    const picks = [...fa.exchangePool.keys()].sort(() => rand() - 0.5).slice(0, 4);
    for (const [k, idx] of picks.entries()) {
      const code = `${isoDate(day).replace(/-/g, '').slice(2)}${k + 1}`;
      if (existing.has(code)) continue;
      const [commodity, group, producer, symbol, spec, packaging, contract, basePrice] = fa.exchangePool[idx];
      const base = Math.round((basePrice * (0.97 + rand() * 0.06)) / 10) * 10;
      const offered = Math.round(2000 + rand() * 40000);
      const delivery = new Date(day.getTime() + (contract === 'سلف' ? 60 : 10) * DAY);
      const traded = back > 0;
      const demand = traded ? Math.round(offered * (0.4 + rand() * 1.2)) : null;
      const tradedVolume = traded ? Math.min(offered, demand) : null;
      const avg = traded ? Math.round((base * (1 + (demand > offered ? rand() * 0.08 : 0))) / 10) * 10 : null;
      await createPublished(strapi, 'api::exchange-offer.exchange-offer', {
        offer_code: code, offer_date: isoDate(day), offer_date_jalali: jalali(day), commodity, commodity_group: group, symbol, hall: 'تالار صنعتی',
        specification: spec, producer, supplier: producer, broker: ['باهنر', 'آگاه', 'مفید', 'بانک ملت'][Math.floor(rand() * 4)], packaging,
        offered_volume: offered, min_offer: Math.round(offered * 0.5), max_offer_increase: Math.round(offered * 0.2), base_price: base,
        min_price: base, max_price: Math.round(base * 1.1), tick_size: 10, lot_size: 20, min_purchase: 20, min_purchase_price_discovery: 20,
        max_purchase: Math.round(offered * 0.2), prepayment_percent: 10, contract_type: contract, settlement_type: 'نقدی',
        delivery_place: 'انبار کارخانه', delivery_date: isoDate(delivery), delivery_date_jalali: jalali(delivery), delivery_tolerance_percent: 5,
        offer_mode: 'عمده', purchase_method: 'عادی', currency: 'ریال', unit: 'تن',
        demand, traded_volume: tradedVolume, lowest_price: traded ? base : null, highest_price: traded ? Math.round(avg * 1.01 / 10) * 10 : null,
        closing_price: avg, weighted_average_price: avg, trade_value_thousand_rial: traded ? Math.round((tradedVolume * 1000 * avg) / 1000) : null,
        trade_status: !traded ? 'scheduled' : tradedVolume === 0 ? 'no_trade' : tradedVolume < offered ? 'partly_traded' : 'traded', illustrative: true,
      });
      created++;
    }
  }
  log(`exchange offers: +${created}`);
}

const DEMO = { username: 'demo', email: 'demo@example.com', password: 'Demo1234!', mobile: '09121234567' };

async function seedDemoCustomer(strapi, log, productIds) {
  const users = strapi.db.query('plugin::users-permissions.user');
  if (await users.findOne({ where: { email: DEMO.email } })) return;
  const role = await strapi.db.query('plugin::users-permissions.role').findOne({ where: { type: 'authenticated' } });
  const user = await strapi.plugin('users-permissions').service('user').add({
    ...DEMO, provider: 'local', confirmed: true, blocked: false, role: role.id,
  });
  const owner = user.id;
  const product = async (slug) => strapi.documents('api::product.product').findOne({ documentId: productIds.get(slug), status: 'published' });
  const item = async (slug, quantity) => {
    const p = await product(slug);
    return { product_slug: p.slug, product_name: p.name, quantity, sale_unit: p.sale_unit, unit_price: p.price, illustrative: true };
  };
  const slugs = [...productIds.keys()];
  const now = Date.now();
  const orders = [
    { number: 'SO-DEMO-1', status: 'delivered', items: [await item(slugs[0], 20), await item(slugs[1], 10)], note: 'تحویل در کارگاه', delivery_address: 'تهران، خیابان آزادی' },
    { number: 'SO-DEMO-2', status: 'awaiting_payment', items: [await item(slugs[40], 5)], note: 'لطفاً پیش‌فاکتور ارسال شود', delivery_address: 'کرج، جاده مخصوص' },
    { number: 'SO-DEMO-3', status: 'pending_review', items: [await item(slugs[120], 12)], delivery_address: 'اصفهان، شهرک صنعتی' },
  ];
  for (const [i, o] of orders.entries()) {
    await strapi.documents('api::order.order').create({ data: { ...o, contact_phone: DEMO.mobile, owner, status_history: [{ status: o.status, at: new Date(now - (3 - i) * DAY).toISOString() }] } });
  }
  const tickets = [
    { number: 'T-DEMO-1', subject: 'زمان ارسال سفارش', department: 'shipping', priority: 'medium', status: 'answered', messages: [
      { author: 'customer', author_name: 'demo', body: 'سفارش من چه زمانی ارسال می‌شود؟', sent_at: new Date(now - 2 * DAY).toISOString() },
      { author: 'staff', author_name: 'پشتیبانی', body: 'سفارش شما فردا بارگیری می‌شود.', sent_at: new Date(now - DAY).toISOString() }] },
    { number: 'T-DEMO-2', subject: 'درخواست پیش‌فاکتور رسمی', department: 'finance', priority: 'high', status: 'open', messages: [
      { author: 'customer', author_name: 'demo', body: 'لطفاً پیش‌فاکتور رسمی با کد اقتصادی صادر کنید.', sent_at: new Date(now - 3600e3).toISOString() }] },
  ];
  for (const t of tickets) await strapi.documents('api::ticket.ticket').create({ data: { ...t, owner } });
  // Added 30 and 60 days ago: the price then comes from the product's price history.
  for (const [slug, daysAgo] of [[slugs[0], 30], [slugs[60], 60]]) {
    const p = await product(slug);
    const history = Array.isArray(p.price_history) ? p.price_history : [];
    const then = history[Math.max(0, history.length - 1 - daysAgo)];
    const entry = await strapi.documents('api::watch-list-entry.watch-list-entry').create({ data: { product: productIds.get(slug), notify: true, owner, added_price: then ? then.price : p.price } });
    // The entry says when it was added: the day of that price, not the seed run.
    await strapi.db.query('api::watch-list-entry.watch-list-entry').update({ where: { id: entry.id }, data: { createdAt: new Date(now - daysAgo * DAY) } });
  }
  await strapi.documents('api::exchange-purchase-request.exchange-purchase-request').create({ data: { commodity: 'ورق گرم نوردکاران', quantity_tonnes: 100, max_price: 370000, status: 'reviewing', owner } });
  await strapi.documents('api::warehouse-reservation.warehouse-reservation').create({ data: { product_description: 'میلگرد ۱۴ آجدار', quantity_tonnes: 50, duration_days: 30, city: 'تهران', status: 'submitted', owner } });
  log('demo customer created (demo / demo@example.com / Demo1234!)');
}

async function seed(strapi) {
  const started = Date.now();
  const log = (m) => strapi.log.info(`[seed] ${m}`);
  const run = async () => {
    const { productIds } = await seedCatalogue(strapi, log);
    await seedEditorial(strapi, log);
    await seedExchangeOffers(strapi, log);
    await seedDemoCustomer(strapi, log, productIds);
  };
  await strapi.db.transaction(run);
  log(`done in ${Date.now() - started} ms`);
}

module.exports = { seed, priceHistory, DEMO };
