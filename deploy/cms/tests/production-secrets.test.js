'use strict';

// The production CMS refuses the repository's development secrets (no Strapi needed:
// `node --test tests/production-secrets.test.js`, a few seconds).
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawnSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');
const {
  DEVELOPMENT_SECRETS,
  SECRET_SETTINGS,
  developmentSecretProblems,
  newSecrets,
  refuseDevelopmentSecrets,
} = require('../src/utils/production-secrets');

const APP_DIR = path.resolve(__dirname, '..');
const defaults = () =>
  Object.fromEntries(SECRET_SETTINGS.map((name) => [name, [].concat(DEVELOPMENT_SECRETS[name]).join(',')]));

test('each development default is refused by name in production; fresh secrets are not', () => {
  assert.deepEqual(developmentSecretProblems(newSecrets()), []);
  for (const name of SECRET_SETTINGS) {
    const env = { NODE_ENV: 'production', ...newSecrets(), [name]: defaults()[name] };
    assert.throws(
      () => refuseDevelopmentSecrets(env),
      (error) =>
        error.message.includes(`- ${name} is the repository's development default`) &&
        !SECRET_SETTINGS.some((other) => other !== name && error.message.includes(`- ${other} is`)),
    );
    const unset = { NODE_ENV: 'production', ...newSecrets(), [name]: '' };
    assert.throws(() => refuseDevelopmentSecrets(unset), new RegExp(`${name} is not set`));
  }
  // One development key among real ones is still a key anyone can sign cookies with.
  const mixedKeys = `${newSecrets().APP_KEYS},${DEVELOPMENT_SECRETS.APP_KEYS[2]}`;
  assert.throws(
    () => refuseDevelopmentSecrets({ NODE_ENV: 'production', ...newSecrets(), APP_KEYS: mixedKeys }),
    /APP_KEYS is the repository's development default/,
  );
  assert.doesNotThrow(() => refuseDevelopmentSecrets({ NODE_ENV: 'production', ...newSecrets() }));
});

test('development keeps working on the defaults', () => {
  assert.doesNotThrow(() => refuseDevelopmentSecrets({ NODE_ENV: 'development' }));
  assert.doesNotThrow(() => refuseDevelopmentSecrets({}));
});

test('scripts/start.js in production on the defaults exits before Strapi starts, naming every setting', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-secrets-'));
  try {
    const env = { ...process.env, NODE_ENV: 'production', PORT: '1', DATABASE_FILENAME: path.join(dir, 'cms.db') };
    for (const name of SECRET_SETTINGS) delete env[name];
    const run = spawnSync(process.execPath, ['scripts/start.js'], {
      cwd: APP_DIR,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 1, run.stderr);
    for (const name of SECRET_SETTINGS) assert.match(run.stderr, new RegExp(`${name} is not set`));
    assert.match(run.stderr, /Refusing to start in production/);
    assert.equal(fs.existsSync(path.join(dir, 'cms.db')), false, 'no database was opened');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
