'use strict';

// The seed ledger: one row per part of the seed (src/bootstrap/seed) that was written into this
// database, or found there already, so a restart, a crash or an upgrade never writes it again.
//
// Strapi runs the files of database/migrations once each, in name order, before it syncs the
// content types' tables (also on a fresh database, where those tables do not exist yet), each in
// a transaction, and records them in strapi_migrations. A table of its own, which Strapi's schema
// sync leaves alone: it is no content type, so no API, no admin and no permissions reach it.
const { LEDGER_TABLE } = require('../../src/bootstrap/seed/ledger');

module.exports = {
  async up(trx, db) {
    const schema = db.getSchemaConnection(trx);
    if (await schema.hasTable(LEDGER_TABLE)) return;
    await schema.createTable(LEDGER_TABLE, (table) => {
      table.increments('id');
      // e.g. `catalogue`, `exchange-offers/2026-11-29`: never reused for other content.
      table.string('part', 191).notNullable().unique();
      // `seeded` (written by the seed) or `found` (already there: a database from before the ledger).
      table.string('outcome', 16).notNullable();
      table.text('summary');
      table.datetime('recorded_at', { useTz: false }).notNullable();
    });
  },

  async down(trx, db) {
    await db.getSchemaConnection(trx).dropTableIfExists(LEDGER_TABLE);
  },
};
