'use strict';

const http = require('node:http');
const { API, waitForMail } = require('./helpers');

/**
 * One request to the CMS from another loopback address (127.0.0.0/8 is all this machine's), so a
 * test can be several clients: the limits count `ctx.request.ip`. Returns { status, body, headers, text }.
 */
function apiFrom(address, method, path, { body, token, headers = {} } = {}) {
  const url = new URL(path.startsWith('http') ? path : `${API}${path}`);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const h = { accept: 'application/json', ...headers };
  if (payload !== undefined) h['content-type'] = 'application/json';
  if (token) h.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: h, localAddress: address, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        let json = null;
        try {
          json = text ? JSON.parse(text) : null;
        } catch {
          json = null;
        }
        resolve({ status: response.statusCode, body: json, headers: new Headers(response.headers), text });
      });
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/**
 * A fresh account registered from `address` and confirmed through the link it was mailed (the
 * rate-limit phase runs with e-mail confirmation on): { username, email, password }.
 */
async function confirmedAccountFrom(address, prefix) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const account = { username: `${prefix}${stamp}`, email: `${prefix}${stamp}@example.com`, password: 'Secret123!' };
  const registered = await apiFrom(address, 'POST', '/auth/local/register', { body: account });
  if (registered.status !== 200) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  const mail = await waitForMail((m) => m.to === account.email);
  const link = /(https?:\/\/[^"'<\s]+email-confirmation\?confirmation=[A-Za-z0-9]+)/.exec(mail.html || mail.text)[1];
  const confirmed = await apiFrom(address, 'GET', link);
  if (confirmed.status !== 302) throw new Error(`confirmation failed: ${confirmed.status} ${confirmed.text}`);
  return account;
}

module.exports = { apiFrom, confirmedAccountFrom };
