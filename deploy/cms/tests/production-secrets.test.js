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

/** Starts the CMS in production with no secret of its own, as `command args` does; what it printed. */
function startWithoutSecrets(command, args) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-secrets-'));
  try {
    const env = { ...process.env, NODE_ENV: 'production', PORT: '1', DATABASE_FILENAME: path.join(dir, 'cms.db') };
    for (const name of SECRET_SETTINGS) delete env[name];
    const run = spawnSync(command, args, { cwd: APP_DIR, env, encoding: 'utf8', timeout: 60_000 });
    return { status: run.status, output: `${run.stdout}${run.stderr}`, opened: fs.existsSync(env.DATABASE_FILENAME) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Strapi's own register step refuses (src/index.js), so no way of starting it gets round the check.
for (const [how, command, args] of [
  ['scripts/start.js', process.execPath, ['scripts/start.js']],
  ['npx strapi start', 'npx', ['strapi', 'start']],
]) {
  test(`${how} in production on the defaults refuses before the database is opened, naming every setting`, () => {
    const run = startWithoutSecrets(command, args);
    assert.equal(run.status, 1, run.output);
    for (const name of SECRET_SETTINGS) assert.match(run.output, new RegExp(`${name} is not set`));
    assert.match(run.output, /Refusing to start in production/);
    assert.doesNotMatch(run.output, /Strapi started successfully/);
    assert.equal(run.opened, false, 'no database was opened');
  });
}

test('the check reads the values Strapi loaded: a secret set to a development value in any form is refused', () => {
  const fresh = newSecrets();
  // What config/*.js resolved, e.g. APP_KEYS as an array with one key the repository ships.
  const inUse = { ...fresh, APP_KEYS: [...fresh.APP_KEYS.split(','), DEVELOPMENT_SECRETS.APP_KEYS[0]] };
  assert.deepEqual(developmentSecretProblems(inUse, fresh), ["APP_KEYS is the repository's development default"]);
  // Unset in the environment, so config/*.js filled in the development default.
  const { JWT_SECRET: _unset, ...withoutJwt } = fresh;
  assert.deepEqual(developmentSecretProblems({ ...fresh, JWT_SECRET: DEVELOPMENT_SECRETS.JWT_SECRET }, withoutJwt), [
    "JWT_SECRET is not set (the repository's development default would be used)",
  ]);
  assert.deepEqual(developmentSecretProblems({ ...fresh, ENCRYPTION_KEY: '' }, fresh), ['ENCRYPTION_KEY is empty']);
});
