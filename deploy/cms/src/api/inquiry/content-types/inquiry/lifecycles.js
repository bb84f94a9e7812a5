'use strict';

const UID = 'api::inquiry.inquiry';
const DAY_MS = 24 * 60 * 60 * 1000;

// A quote past its deadline reads as expired wherever it is read (REST, admin, the accept action);
// the row keeps `quoted` until something else is written, so nothing has to run at the deadline.
const markExpired = (row) => {
  if (row && row.status === 'quoted' && row.quote_expires_at && new Date(row.quote_expires_at).getTime() <= Date.now())
    row.status = 'expired';
};

async function commerceSetting() {
  const setting = await strapi.documents('api::commerce-setting.commerce-setting').findFirst();
  return {
    taxRatePercent: Number(setting?.tax_rate_percent ?? 10),
    quoteValidDays: Number(setting?.quote_valid_days ?? 3),
  };
}

module.exports = {
  /**
   * Every status change is written to status_history; becoming `quoted` (by the operator's API
   * action or in the admin) stamps quoted_at, the deadline (quote_valid_days on, unless a later one is given) and
   * the tax rate of the day, so a later change of the setting leaves a quote as it was offered.
   */
  async beforeUpdate(event) {
    const { data, where } = event.params;
    if (!data || data.status === undefined) return;
    const existing = await strapi.db
      .query(UID)
      .findOne({ where, select: ['status', 'status_history', 'quote_expires_at'] });
    if (!existing || existing.status === data.status) return;
    const now = new Date();
    data.status_history = [...(existing.status_history || []), { status: data.status, at: now.toISOString() }];
    if (data.status !== 'quoted') return;
    const { taxRatePercent, quoteValidDays } = await commerceSetting();
    data.quoted_at = now.toISOString();
    const given = data.quote_expires_at ? new Date(data.quote_expires_at).getTime() : 0;
    if (!(given > now.getTime()))
      data.quote_expires_at = new Date(now.getTime() + quoteValidDays * DAY_MS).toISOString();
    data.tax_rate_percent = taxRatePercent;
  },

  afterFindOne(event) {
    markExpired(event.result);
  },

  afterFindMany(event) {
    (event.result || []).forEach(markExpired);
  },
};
