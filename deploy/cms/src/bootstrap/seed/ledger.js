'use strict';

/**
 * The seed ledger (database/migrations/…seed-ledger.js): which parts of the seed this database
 * has had. A part in the ledger is never seeded again, whatever an editor did to its content since.
 */
const LEDGER_TABLE = 'steel_seed_ledger';

/** The ledger's table on `connection` (Strapi's knex or a transaction), in the configured schema. */
function ledgerTable(strapi, connection) {
  const schema = strapi.db.getSchemaName();
  const table = connection(LEDGER_TABLE);
  return schema ? table.withSchema(schema) : table;
}

/** The names of the parts in the ledger. */
async function partsInLedger(strapi) {
  const rows = await ledgerTable(strapi, strapi.db.connection).select('part');
  return new Set(rows.map((row) => row.part));
}

/** Records `part` in the ledger inside the transaction `trx` that wrote (or found) its content. */
async function recordInLedger(strapi, trx, { part, outcome, summary }) {
  await ledgerTable(strapi, trx).insert({ part, outcome, summary, recorded_at: new Date() });
}

module.exports = { LEDGER_TABLE, partsInLedger, recordInLedger };
