'use strict';

// The shipping rules by city (data/domain/shipping-routes.json, seeded once): anyone reads the
// cities and the routes with their tonnage tiers, nobody changes them through the public API, and
// a sent inquiry's shipping estimate is its route's rate for its tonnage's tier × its tonnes — by
// city, or by province from an inquiry app of before the cities (the province's first city).
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('fs');
const path = require('path');
const { get, post, put, register } = require('./helpers');
const { domainDir } = require('../src/bootstrap/domain');

const SEEDED = JSON.parse(fs.readFileSync(path.join(domainDir(), 'shipping-routes.json'), 'utf8'));

async function all(collection) {
  const r = await get(`/${collection}?pagination[pageSize]=100&pagination[page]=1`);
  assert.equal(r.status, 200, r.text);
  const rows = [...r.body.data];
  for (let page = 2; page <= r.body.meta.pagination.pageCount; page++)
    rows.push(...(await get(`/${collection}?pagination[pageSize]=100&pagination[page]=${page}`)).body.data);
  return rows;
}

async function route(origin, destination) {
  const r = await get(
    `/shipping-routes?filters[origin_slug][$eq]=${origin}&filters[destination_slug][$eq]=${destination}`,
  );
  assert.equal(r.status, 200, r.text);
  assert.equal(r.body.data.length, 1, `one route ${origin} → ${destination}`);
  return r.body.data[0];
}

test('anyone reads the seeded cities and routes, each route with its tiers from 0 t; nobody changes them', async () => {
  const cities = await all('shipping-cities');
  assert.equal(cities.length, SEEDED.cities.length);
  assert.equal(cities.length, 31);
  const tehran = cities.find((city) => city.slug === 'tehran');
  assert.equal(tehran.name, 'تهران');
  assert.equal(tehran.province_slug, 'tehran');
  assert.equal(tehran.inquiry_origin, true);
  assert.deepEqual(
    cities.filter((city) => city.inquiry_origin).map((city) => city.slug),
    ['tehran'],
  );
  const origins = cities.filter((city) => city.is_origin).map((city) => city.slug);
  assert.ok(origins.length >= 2 && origins.includes('tehran'), origins.join());

  const routes = await all('shipping-routes');
  assert.equal(routes.length, SEEDED.routes.length);
  // Every origin reaches every city, and every route's tiers start at 0 t and rise.
  for (const origin of origins)
    for (const city of cities)
      assert.ok(
        routes.some((r) => r.origin_slug === origin && r.destination_slug === city.slug),
        `a route ${origin} → ${city.slug}`,
      );
  for (const r of routes) {
    const mins = r.tiers.map((tier) => Number(tier.min_tonnes));
    assert.equal(mins[0], 0, `${r.origin_slug} → ${r.destination_slug}`);
    assert.deepEqual(
      [...mins].sort((a, b) => a - b),
      mins,
    );
    assert.ok(r.tiers.every((tier) => Number(tier.rate_per_tonne) > 0));
  }
  // As the data file has it (a figure the calculator's page and its test read the same way).
  const isfahanShiraz = await route('isfahan', 'shiraz');
  const seeded = SEEDED.routes.find((r) => r.origin_slug === 'isfahan' && r.destination_slug === 'shiraz');
  assert.equal(isfahanShiraz.distance_km, seeded.distance_km);
  assert.deepEqual(
    isfahanShiraz.tiers.map((tier) => [Number(tier.min_tonnes), Number(tier.rate_per_tonne)]),
    seeded.tiers.map((tier) => [tier.min_tonnes, tier.rate_per_tonne]),
  );

  const customer = await register('routes');
  for (const [label, r] of [
    ['POST city', await post('/shipping-cities', { data: { slug: 'x', name: 'x' } }, { token: customer.jwt })],
    ['POST route', await post('/shipping-routes', { data: { origin_slug: 'x', destination_slug: 'y' } })],
    [
      'PUT route',
      await put(`/shipping-routes/${isfahanShiraz.documentId}`, { data: { distance_km: 1 } }, { token: customer.jwt }),
    ],
  ])
    assert.ok([403, 404, 405].includes(r.status), `${label}: ${r.status} ${r.text}`);
  assert.equal((await route('isfahan', 'shiraz')).distance_km, seeded.distance_km);
});

test('an inquiry’s estimate is its route’s tier rate × tonnes: 12 t to Shiraz in the 10 t tier; by province too', async () => {
  const products = await get('/products?filters[sale_unit][$eq]=tonne&fields[0]=slug&pagination[pageSize]=1');
  assert.equal(products.status, 200, products.text);
  const slug = products.body.data[0].slug;
  const buyer = await register('shipto');
  const sendTo = async (where, tonnes) => {
    const r = await post(
      '/inquiries',
      { data: { lines: [{ product_slug: slug, quantity: tonnes, weight_kg: tonnes * 1000 }], ...where } },
      { token: buyer.jwt },
    );
    assert.equal(r.status, 201, r.text);
    return r.body.data;
  };

  const tehranShiraz = await route('tehran', 'shiraz');
  const tier = (min) => Number(tehranShiraz.tiers.find((t) => Number(t.min_tonnes) === min).rate_per_tonne);
  const toShiraz = await sendTo({ city_slug: 'shiraz' }, 12);
  assert.equal(toShiraz.city_slug, 'shiraz');
  assert.equal(toShiraz.city_name, 'شیراز');
  assert.equal(toShiraz.province_slug, 'fars');
  assert.equal(Number(toShiraz.shipping_estimate), 12 * tier(10));

  // An inquiry app of before the cities sends a province: its capital is the city.
  const byProvince = await sendTo({ province_slug: 'fars' }, 3);
  assert.equal(byProvince.city_slug, 'shiraz');
  assert.equal(Number(byProvince.shipping_estimate), 3 * tier(0));
});
