'use strict';

const { loadDemoContent } = require('../domain');
const { ensureImage } = require('../images');
const { createPublished } = require('./documents');
const { DAY, isoDate, todayUtc } = require('./dates');

/**
 * Experts, services, static pages and articles from data/domain/demo-content.json, plus the drafts
 * that prove drafts are never served, into empty collections. Returns what it wrote.
 */
async function seedEditorial(strapi) {
  const content = loadDemoContent();
  const n = { experts: 0, services: 0, pages: 0, articles: 0 };
  for (const [i, e] of content.experts.entries()) {
    const photo = await ensureImage(strapi, {
      key: `expert-${e.slug}`,
      title: e.name,
      subtitle: e.specialities.join('، '),
      width: 400,
      height: 400,
    });
    await createPublished(strapi, 'api::expert.expert', { ...e, photo, sort_order: i });
    n.experts++;
  }
  for (const [i, s] of content.services.entries()) {
    const image = await ensureImage(strapi, {
      key: `service-${s.slug}`,
      title: s.title,
      subtitle: s.summary.slice(0, 40),
    });
    await createPublished(strapi, 'api::service.service', {
      ...s,
      body: `## ${s.title}\n\n${s.summary}\n\nقیمت‌ها نمایشی است؛ برای استعلام با ما تماس بگیرید.`,
      image,
      sort_order: i,
    });
    n.services++;
  }
  for (const p of content.static_pages) {
    await createPublished(strapi, 'api::static-page.static-page', p);
    n.pages++;
  }
  const today = todayUtc();
  for (const [i, a] of content.articles.entries()) {
    const cover = await ensureImage(strapi, {
      key: `article-${a.slug}`,
      title: a.title,
      subtitle: a.tags.join(' · '),
      width: 1200,
      height: 630,
    });
    await createPublished(strapi, 'api::article.article', {
      ...a,
      cover,
      publish_date: isoDate(new Date(today.getTime() - (i * 3 + 1) * DAY)),
    });
    n.articles++;
  }
  // Drafts (to prove they are never served): an unpublished article, and an unpublished edit of a published one.
  const { unpublished_edit_title: editTitle, ...draft } = content.draft_article;
  await strapi.documents('api::article.article').create({ data: { ...draft, publish_date: isoDate(today) } });
  const published = await strapi
    .documents('api::article.article')
    .findFirst({ filters: { slug: content.articles[0].slug }, status: 'draft' });
  await strapi
    .documents('api::article.article')
    .update({ documentId: published.documentId, data: { title: editTitle } });
  n.articles++;
  return `+${n.experts} experts, +${n.services} services, +${n.pages} static pages, +${n.articles} articles`;
}

module.exports = { seedEditorial };
