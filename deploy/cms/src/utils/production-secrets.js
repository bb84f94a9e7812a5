'use strict';

const crypto = require('crypto');

/**
 * The CMS's secrets and the development values the repository ships for them (config/admin.js,
 * config/plugins.js, config/server.js read them from here), so a fresh clone starts without a .env
 * file. Everyone can read these values: a token signed with the default JWT_SECRET is a valid
 * sign-in as any customer. In production (NODE_ENV=production) the CMS refuses to start with any
 * of them, however it is started (`scripts/start.js`, `npx strapi start`, a supervisor): the check
 * runs in Strapi's own register step (src/index.js) over the values Strapi loaded. The production
 * arrangement and systemd's EnvironmentFile give it secrets of its own.
 */
const DEVELOPMENT_SECRETS = {
  JWT_SECRET: 'dev-jwt-secret-steel-cms',
  ADMIN_JWT_SECRET: 'dev-admin-jwt-secret-steel-cms',
  API_TOKEN_SALT: 'dev-api-token-salt-steel-cms',
  TRANSFER_TOKEN_SALT: 'dev-transfer-token-salt-steel-cms',
  ENCRYPTION_KEY: 'dev-encryption-key-steel-cms-32ch',
  // Strapi signs its cookies with these (comma-separated in APP_KEYS).
  APP_KEYS: ['devKeyA-steel-cms', 'devKeyB-steel-cms', 'devKeyC-steel-cms', 'devKeyD-steel-cms'],
};

/** The settings whose value is kept out of the repository in production. */
const SECRET_SETTINGS = Object.keys(DEVELOPMENT_SECRETS);

/** Where Strapi holds each secret once its configuration is loaded (config/*.js put them there). */
const SECRET_CONFIG_PATHS = {
  JWT_SECRET: 'plugin::users-permissions.jwtSecret',
  ADMIN_JWT_SECRET: 'admin.auth.secret',
  API_TOKEN_SALT: 'admin.apiToken.salt',
  TRANSFER_TOKEN_SALT: 'admin.transfer.token.salt',
  ENCRYPTION_KEY: 'admin.secrets.encryptionKey',
  APP_KEYS: 'server.app.keys',
};

/** Each secret as Strapi will use it, read from its loaded configuration (`strapi.config`). */
function secretsInUse(config) {
  return Object.fromEntries(SECRET_SETTINGS.map((name) => [name, config.get(SECRET_CONFIG_PATHS[name])]));
}

/** A setting's values: APP_KEYS is a list (an array in Strapi's config, comma-separated in the environment). */
const valuesOf = (value) =>
  []
    .concat(value ?? [])
    .flatMap((one) => String(one).split(','))
    .map((one) => one.trim())
    .filter(Boolean);

/**
 * Why these secrets cannot run a production CMS: one line per secret that is empty or one of the
 * repository's development values (for APP_KEYS, any of its keys). `inUse` holds the values Strapi
 * runs with (by default the environment's own); `env` tells an unset variable, whose development
 * default config/*.js filled in, from one set to a development value. An empty list means it can run.
 */
function developmentSecretProblems(inUse, env = inUse) {
  const problems = [];
  for (const name of SECRET_SETTINGS) {
    const defaults = [].concat(DEVELOPMENT_SECRETS[name]);
    const values = valuesOf(inUse[name]);
    const usesDefault = values.some((value) => defaults.includes(value));
    if (!valuesOf(env[name]).length && (usesDefault || !values.length))
      problems.push(`${name} is not set (the repository's development default would be used)`);
    else if (!values.length) problems.push(`${name} is empty`);
    else if (usesDefault) problems.push(`${name} is the repository's development default`);
  }
  return problems;
}

/** The start refused: its message is for the operator as it is (no stack trace needed). */
class RefusedToStart extends Error {
  name = 'RefusedToStart';
}

/**
 * Throws, naming every offending setting, when a production CMS would run on a repository default.
 * `inUse`: the secrets as Strapi loaded them (`secretsInUse(strapi.config)`); the environment's by default.
 */
function refuseDevelopmentSecrets(env = process.env, inUse = env) {
  if (env.NODE_ENV !== 'production') return;
  const problems = developmentSecretProblems(inUse, env);
  if (!problems.length) return;
  throw new RefusedToStart(
    `Refusing to start in production (NODE_ENV=production) with secrets anyone can read:\n  - ${problems.join('\n  - ')}\n` +
      `Set each to a random value of your own (e.g. \`openssl rand -hex 32\`; APP_KEYS takes four, comma-separated): ` +
      'deploy/systemd/README.md shows the secrets file; `npm run start:production` writes one in .production/.',
  );
}

/** Fresh random values for every CMS secret (hex, so they need no quoting in an environment file). */
function newSecrets() {
  const hex = (bytes) => crypto.randomBytes(bytes).toString('hex');
  return {
    JWT_SECRET: hex(32),
    ADMIN_JWT_SECRET: hex(32),
    API_TOKEN_SALT: hex(16),
    TRANSFER_TOKEN_SALT: hex(16),
    ENCRYPTION_KEY: hex(32),
    APP_KEYS: [hex(16), hex(16), hex(16), hex(16)].join(','),
  };
}

module.exports = {
  DEVELOPMENT_SECRETS,
  SECRET_SETTINGS,
  secretsInUse,
  developmentSecretProblems,
  RefusedToStart,
  refuseDevelopmentSecrets,
  newSecrets,
};
