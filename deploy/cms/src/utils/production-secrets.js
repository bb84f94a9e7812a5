'use strict';

const crypto = require('crypto');

/**
 * The CMS's secrets and the development values the repository ships for them (config/admin.js,
 * config/plugins.js, config/server.js read them from here), so a fresh clone starts without a .env
 * file. Everyone can read these values: a token signed with the default JWT_SECRET is a valid
 * sign-in as any customer. In production (NODE_ENV=production) the CMS refuses to start with any
 * of them (scripts/start.js); the production arrangement and systemd's EnvironmentFile give it
 * secrets of its own.
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

/**
 * Why `env` cannot run a production CMS: one line per secret that is unset, empty or one of the
 * repository's development values (for APP_KEYS, any of its keys). An empty list means it can.
 */
function developmentSecretProblems(env) {
  const problems = [];
  for (const name of SECRET_SETTINGS) {
    const defaults = [].concat(DEVELOPMENT_SECRETS[name]);
    const values =
      name === 'APP_KEYS'
        ? String(env[name] || '')
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean)
        : [String(env[name] || '').trim()].filter(Boolean);
    if (!values.length) problems.push(`${name} is not set (the repository's development default would be used)`);
    else if (values.some((value) => defaults.includes(value)))
      problems.push(`${name} is the repository's development default`);
  }
  return problems;
}

/** Throws, naming every offending setting, when a production CMS would run on a repository default. */
function refuseDevelopmentSecrets(env = process.env) {
  if (env.NODE_ENV !== 'production') return;
  const problems = developmentSecretProblems(env);
  if (!problems.length) return;
  throw new Error(
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
  developmentSecretProblems,
  refuseDevelopmentSecrets,
  newSecrets,
};
