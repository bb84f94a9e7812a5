'use strict';

const { siteUrl } = require('../utils/site-url');

// Users-permissions settings kept in the plugin store: where the reset/confirmation links point,
// the e-mail sender, and Persian subjects. Re-applied at every start from env.
async function configureAuth(strapi) {
  const frontend = siteUrl();
  const from = process.env.EMAIL_FROM || 'no-reply@steel.local';
  const advancedStore = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = (await advancedStore.get()) || {};
  await advancedStore.set({
    value: {
      ...advanced,
      unique_email: true,
      allow_register: true,
      email_confirmation: ['on', 'true', '1'].includes(String(process.env.EMAIL_CONFIRMATION || 'off').toLowerCase()),
      email_reset_password: process.env.RESET_PASSWORD_URL || `${frontend}/login/reset-password`,
      email_confirmation_redirection: process.env.EMAIL_CONFIRMATION_REDIRECT || `${frontend}/login`,
      default_role: 'authenticated',
    },
  });
  const emailStore = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'email' });
  const email = (await emailStore.get()) || {};
  const sender = { name: 'بازار آهن', email: from };
  if (email.reset_password) {
    email.reset_password.options = {
      ...email.reset_password.options,
      from: sender,
      response_email: '',
      object: 'بازیابی رمز عبور',
    };
  }
  if (email.email_confirmation) {
    email.email_confirmation.options = {
      ...email.email_confirmation.options,
      from: sender,
      response_email: '',
      object: 'تأیید نشانی ایمیل',
    };
  }
  await emailStore.set({ value: email });
}

module.exports = { configureAuth };
