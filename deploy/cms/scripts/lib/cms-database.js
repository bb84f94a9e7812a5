'use strict';

// SQL straight on the CMS's database, as the DATABASE_* settings name it (config/database.js):
// SQLite through better-sqlite3, PostgreSQL through pg. For the tests and their runner, which look
// at (or, to play an older database, change) what Strapi keeps out of its API.
const path = require('path');

const APP_DIR = path.resolve(__dirname, '..', '..');

/** Runs `sql` (no parameters) on the database `env` names; the rows it answers. */
async function queryCmsDatabase(env, sql) {
  if ((env.DATABASE_CLIENT || 'sqlite') === 'sqlite') {
    const Database = require('better-sqlite3');
    const db = new Database(path.resolve(APP_DIR, env.DATABASE_FILENAME || path.join('data', 'cms.db')));
    try {
      const statement = db.prepare(sql);
      return statement.reader ? statement.all() : (statement.run(), []);
    } finally {
      db.close();
    }
  }
  const { Client } = require('pg');
  const client = new Client({
    connectionString: env.DATABASE_URL,
    host: env.DATABASE_HOST || '127.0.0.1',
    port: Number(env.DATABASE_PORT || 5432),
    database: env.DATABASE_NAME || 'steel_cms',
    user: env.DATABASE_USERNAME || 'postgres',
    password: env.DATABASE_PASSWORD || '',
  });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** The DATABASE_* settings of `env`: what a test needs to reach the database Strapi runs on. */
const databaseSettings = (env) =>
  Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('DATABASE_')));

module.exports = { queryCmsDatabase, databaseSettings };
