'use strict';

const { errors } = require('@strapi/utils');
const { ownerScopedController } = require('../../../utils/owner-scoped');
const { checkLines } = require('../../../utils/inquiry-lines');

const UID = 'api::inquiry-basket.inquiry-basket';

// One basket per account, read and replaced whole at /api/inquiry-basket/mine: the browser merges
// its own copy on sign-in (union, the larger quantity) and sends the result; the CMS stores what it
// is given once every line names a published product. No core routes: nothing else reaches it.
module.exports = ownerScopedController(UID, {
  allowDelete: false,
  extend: ({ strapi, helpers }) => {
    const baskets = () => strapi.documents(UID);
    const mine = async (user) =>
      baskets().findMany({ filters: helpers.ownFilter(user), sort: ['id:asc'], fields: ['lines', 'updatedAt'] });
    const answer = (basket) => ({
      data: { lines: (basket && basket.lines) || [], updatedAt: basket ? basket.updatedAt : null },
    });

    return {
      async findMine(ctx) {
        const user = helpers.requireUser(ctx);
        const [basket] = await mine(user);
        return answer(basket);
      },

      async replaceMine(ctx) {
        const user = helpers.requireUser(ctx);
        const data = helpers.readBodyData(ctx);
        const extra = Object.keys(data).filter((k) => k !== 'lines');
        if (extra.length)
          throw new errors.ValidationError(`سبد استعلام فقط «lines» دارد؛ کلیدهای ناشناخته: ${extra.join('، ')}.`);
        // An empty basket is a basket too (the buyer removed everything, or sent it as an inquiry).
        const lines =
          Array.isArray(data.lines) && data.lines.length === 0
            ? []
            : (await checkLines(strapi, data.lines)).lines.map(({ product_slug, quantity }) => ({
                product_slug,
                quantity,
              }));
        const [basket, ...duplicates] = await mine(user);
        // Two first PUTs at once may each have created one: the oldest stays.
        for (const d of duplicates) await baskets().delete({ documentId: d.documentId });
        const saved = basket
          ? await baskets().update({ documentId: basket.documentId, data: { lines }, fields: ['lines', 'updatedAt'] })
          : await baskets().create({ data: { lines, owner: user.id }, fields: ['lines', 'updatedAt'] });
        return answer(saved);
      },
    };
  },
});
