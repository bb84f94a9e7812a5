'use strict';

const { loadCatalogue, loadFactories } = require('../domain');
const { ensureImage } = require('../images');
const { createPublished } = require('./documents');
const { priceHistory } = require('./price-history');

/**
 * Factories, categories, sub-categories and products from data/domain (catalogue.json,
 * factories.json), each with a generated picture, into empty collections. Returns what it wrote.
 */
async function seedCatalogue(strapi) {
  const { categories, subCategories, products } = loadCatalogue();
  const factories = loadFactories();
  const count = { categories: 0, subCategories: 0, products: 0, factories: 0 };

  const factoryIds = new Map();
  for (const f of factories) {
    const logo = await ensureImage(strapi, {
      key: `factory-${f.slug}`,
      title: f.name_fa,
      subtitle: f.city_fa ? `${f.city_fa}، ${f.province_fa}` : '',
    });
    factoryIds.set(
      f.slug,
      await createPublished(strapi, 'api::factory.factory', {
        slug: f.slug,
        name: f.name_fa,
        name_en: f.name_en,
        aka: f.aka || [],
        city: f.city_fa,
        city_en: f.city_en,
        province: f.province_fa,
        province_en: f.province_en,
        main_products: f.main_products || [],
        main_products_text: f.main_products_fa,
        facts: f.facts || [],
        sources: f.sources || [],
        uncertain: f.uncertain || [],
        logo,
      }),
    );
    count.factories++;
  }
  const factoryByName = factories.map((f) => ({
    slug: f.slug,
    names: [f.name_fa, ...(f.aka || [])].filter((n) => /[\u0600-\u06FF]/.test(n)),
  }));
  const matchFactory = (producer) => {
    if (!producer) return null;
    const clean = producer.replace(/⚠/g, '').trim();
    const hit = factoryByName.find((f) => f.names.some((n) => clean === n || clean.includes(n)));
    return hit ? factoryIds.get(hit.slug) : null;
  };

  const categoryIds = new Map();
  for (const c of categories) {
    const image = await ensureImage(strapi, { key: `category-${c.slug}`, title: c.title, subtitle: c.title_en });
    categoryIds.set(
      c.slug,
      await createPublished(strapi, 'api::category.category', {
        slug: c.slug,
        title: c.title,
        title_en: c.title_en,
        description: c.description,
        sort_order: c.sort_order,
        groups: c.groups,
        image,
      }),
    );
    count.categories++;
  }

  const subIds = new Map();
  for (const s of subCategories) {
    const image = await ensureImage(strapi, { key: `sub-${s.path}`, title: s.title, subtitle: s.group_title || '' });
    subIds.set(
      s.path,
      await createPublished(strapi, 'api::sub-category.sub-category', {
        path: s.path,
        slug: s.slug,
        title: s.title,
        title_en: s.title_en,
        description: s.description,
        attribute_keys: s.attribute_keys,
        uncertain: s.uncertain,
        note: s.note,
        group: s.group,
        group_title: s.group_title,
        sort_order: s.sort_order,
        category: categoryIds.get(s.category),
        image,
      }),
    );
    count.subCategories++;
  }

  const productIds = new Map();
  for (const p of products) {
    const img = await ensureImage(strapi, { key: `product-${p.slug}`, title: p.name, subtitle: 'قیمت‌ها نمایشی است' });
    productIds.set(
      p.slug,
      await createPublished(strapi, 'api::product.product', {
        slug: p.slug,
        name: p.name,
        attributes: p.attributes,
        unit: p.unit,
        sale_unit: p.sale_unit,
        price: p.price,
        illustrative: p.illustrative,
        price_history: priceHistory(p.slug, p.price),
        producer_name: p.producer_name,
        note: p.note,
        sort_order: p.sort_order,
        producer: matchFactory(p.producer_name),
        sub_category: subIds.get(p.sub_category),
        category: categoryIds.get(p.category),
        images: [img],
      }),
    );
    count.products++;
  }
  return `+${count.categories} categories, +${count.subCategories} sub-categories, +${count.products} products, +${count.factories} factories`;
}

module.exports = { seedCatalogue };
