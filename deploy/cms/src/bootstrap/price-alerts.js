'use strict';

const { startOfTehranDay } = require('../utils/tehran-day');
const { siteUrl } = require('../utils/site-url');

const ALERT = 'api::price-alert.price-alert';
const NOTIFICATION = 'api::notification.notification';
const PRODUCT = 'api::product.product';

// Digits as the site writes them (Persian digits, grouped): the mail is read by people, not parsed.
const toman = (rial) => `${new Intl.NumberFormat('fa-IR').format(Math.round(Number(rial) / 10))} تومان`;

/**
 * Fires the customers' price alerts when the CMS records a product's price (docs/architecture.md,
 * "Data"): every write of a *published* product row — an editor's save with `?status=published`,
 * a publish from the admin (which writes a new published row from the draft), the seed — is
 * checked; the draft row of the same document is not, so one edit is judged once per published
 * row it writes. An active alert whose threshold the price has come down to fires once per Tehran
 * calendar day: a notification in the customer's panel and a mail through the email plugin (the
 * same writer as the password-reset mails). The day is claimed by a conditional write on the
 * alert, so two rows of one publish, or two CMS processes, cannot both send it.
 */
function watchPriceAlerts(strapi) {
  const site = siteUrl();

  const fire = async (alert, product, now) => {
    // Claimed only if it has not fired since the start of today in Tehran.
    const dayStart = startOfTehranDay(now);
    const { count } = await strapi.db.query(ALERT).updateMany({
      where: {
        id: alert.id,
        active: true,
        $or: [{ last_fired_at: { $null: true } }, { last_fired_at: { $lt: dayStart.toISOString() } }],
      },
      data: { last_fired_at: now.toISOString() },
    });
    if (count !== 1 || !alert.owner) return;
    const path = alert.product_path || null;
    const title = `قیمت «${product.name}» به ${toman(product.price)} رسید`;
    const body = `قیمت «${product.name}» اکنون ${toman(product.price)} است؛ کمتر از ${toman(alert.below_price)} که برای اعلان قیمت خود تعیین کرده بودید. قیمت‌ها نمایشی‌اند.`;
    await strapi.documents(NOTIFICATION).create({
      data: { kind: 'price_alert', title, body, product_slug: product.slug, product_path: path, owner: alert.owner.id },
    });
    if (!alert.owner.email) return;
    const link = path ? `${site}${path}` : site;
    try {
      await strapi
        .plugin('email')
        .service('email')
        .send({
          to: alert.owner.email,
          subject: title,
          text: `${body}\n\n${link}\n\nمدیریت اعلان‌های قیمت: ${site}/inquiry/alerts`,
        });
    } catch (error) {
      // The notification stands; a mail that could not be written is the log's to tell.
      strapi.log.error(`[price-alerts] mail to account ${alert.owner.id} failed: ${error.message}`);
    }
  };

  const evaluate = async (row) => {
    if (!row || !row.publishedAt || !row.slug || row.price === null || row.price === undefined) return;
    const price = Number(row.price);
    const alerts = await strapi.db.query(ALERT).findMany({
      where: { product_slug: row.slug, active: true },
      populate: { owner: { select: ['id', 'email'] } },
    });
    const due = alerts.filter((alert) => price <= Number(alert.below_price));
    if (due.length === 0) return;
    const now = new Date();
    for (const alert of due) await fire(alert, { slug: row.slug, name: row.name, price }, now);
  };

  const onWrite = async (event) => {
    try {
      await evaluate(event.result);
    } catch (error) {
      // An editor's price change never fails because an alert could not be sent.
      strapi.log.error(`[price-alerts] ${error.stack || error.message}`);
    }
  };
  strapi.db.lifecycles.subscribe({ models: [PRODUCT], afterCreate: onWrite, afterUpdate: onWrite });
}

module.exports = { watchPriceAlerts };
