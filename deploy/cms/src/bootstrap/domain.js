'use strict';

const fs = require('fs');
const path = require('path');

// The domain data lives in the repository: <repo>/data/domain (env DOMAIN_DIR overrides).
const REPO_ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const domainDir = () => path.resolve(process.env.DOMAIN_DIR || path.join(REPO_ROOT, 'data', 'domain'));

const readJson = (name) => JSON.parse(fs.readFileSync(path.join(domainDir(), name), 'utf8'));

/** Flattens catalogue.json into categories, sub-categories (101, with group) and products (328, with slugs). */
function loadCatalogue() {
  const catalogue = readJson('catalogue.json');
  const categories = [];
  const subCategories = [];
  const products = [];
  catalogue.categories.forEach((cat, ci) => {
    const groups = (cat.groups || []).map((g) => ({ slug: g.slug, title: g.title_fa, title_en: g.title_en }));
    categories.push({
      slug: cat.slug,
      title: cat.title_fa,
      title_en: cat.title_en,
      description: cat.description_fa,
      sort_order: ci,
      groups,
      note: cat.note,
    });
    const lists = cat.groups ? cat.groups.map((g) => [g, g.subcategories]) : [[null, cat.subcategories]];
    const counter = new Map();
    let si = 0;
    for (const [group, subs] of lists) {
      for (const sub of subs) {
        const subPath = [cat.slug, group && group.slug, sub.slug].filter(Boolean).join('/');
        subCategories.push({
          path: subPath,
          slug: sub.slug,
          title: sub.title_fa,
          title_en: sub.title_en,
          description: sub.description_fa,
          attribute_keys: sub.attributes || [],
          uncertain: !!sub.uncertain,
          note: sub.note || null,
          group: group ? group.slug : null,
          group_title: group ? group.title_fa : null,
          category: cat.slug,
          sort_order: si++,
        });
        (sub.examples || []).forEach((ex, ei) => {
          const base = `${cat.slug}-${sub.slug}`;
          const n = (counter.get(base) || 0) + 1;
          counter.set(base, n);
          products.push({
            slug: `${base}-${n}`,
            name: ex.name_fa,
            attributes: ex.attributes || {},
            unit: ex.unit || 'kg',
            sale_unit: ex.sale_unit || ex.unit || 'kg',
            price: ex.price_rial_per_kg,
            illustrative: ex.price_is_illustrative !== false,
            note: ex.note || null,
            producer_name: (ex.attributes && ex.attributes.producer) || null,
            sub_category: subPath,
            category: cat.slug,
            sort_order: ei,
          });
        });
      }
    }
  });
  return { meta: catalogue.meta, categories, subCategories, products };
}

function loadFactories() {
  return readJson('factories.json').factories;
}

/** Illustrative editorial content: experts, services, static pages, articles, the exchange offer pool. */
const loadDemoContent = () => readJson('demo-content.json');

/** The demo customer's orders, tickets, watch list, purchase request and warehouse reservation. */
const loadDemoCustomer = () => readJson('demo-customer.json');

/**
 * The rules the panel applies too: per record (`order`, `exchange_purchase_request`),
 * `customer_cancellable_from`, the statuses a customer may cancel in.
 */
const loadOrderWorkflow = () => readJson('order-workflow.json');

module.exports = { domainDir, loadCatalogue, loadFactories, loadDemoContent, loadDemoCustomer, loadOrderWorkflow };
