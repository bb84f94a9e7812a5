'use strict';

// Social login providers are enabled from env: <PROVIDER>_CLIENT_ID and <PROVIDER>_CLIENT_SECRET
// (e.g. GOOGLE_CLIENT_ID). After the provider, the user is sent to SOCIAL_REDIRECT_URL
// (default http://localhost:8080/login/connect/{provider}), which calls /api/auth/{provider}/callback.
const PROVIDERS = ['google', 'github', 'facebook', 'discord', 'microsoft', 'twitter', 'linkedin', 'gitlab'];

async function configureSocial(strapi) {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'grant' });
  const grant = (await store.get()) || {};
  let changed = false;
  for (const name of PROVIDERS) {
    const key = process.env[`${name.toUpperCase()}_CLIENT_ID`];
    const secret = process.env[`${name.toUpperCase()}_CLIENT_SECRET`];
    if (!key || !grant[name]) continue;
    const redirect = (process.env.SOCIAL_REDIRECT_URL || 'http://localhost:8080/login/connect/{provider}').replace(
      '{provider}',
      name,
    );
    grant[name] = {
      ...grant[name],
      enabled: true,
      key,
      secret: secret || '',
      redirectUri: redirect,
      callbackUrl: redirect,
      callback: redirect,
    };
    changed = true;
  }
  if (changed) await store.set({ value: grant });
}

module.exports = { configureSocial };
