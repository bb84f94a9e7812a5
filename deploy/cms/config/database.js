'use strict';

const path = require('path');

// SQLite (embedded, file in ./data) by default; PostgreSQL with DATABASE_CLIENT=postgres.
module.exports = ({ env }) => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          connectionString: env('DATABASE_URL'),
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'steel_cms'),
          user: env('DATABASE_USERNAME', 'postgres'),
          password: env('DATABASE_PASSWORD', ''),
          schema: env('DATABASE_SCHEMA', 'public'),
          ssl: env.bool('DATABASE_SSL', false)
            ? { rejectUnauthorized: env.bool('DATABASE_SSL_REJECT_UNAUTHORIZED', true) }
            : false,
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 0), max: env.int('DATABASE_POOL_MAX', 10) },
        acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
      },
    };
  }
  if (client !== 'sqlite') throw new Error(`DATABASE_CLIENT must be "sqlite" or "postgres", got "${client}"`);
  const filename = path.resolve(__dirname, '..', env('DATABASE_FILENAME', path.join('data', 'cms.db')));
  return {
    connection: {
      client: 'sqlite',
      connection: { filename },
      useNullAsDefault: true,
      acquireConnectionTimeout: env.int('DATABASE_CONNECTION_TIMEOUT', 60000),
    },
  };
};
