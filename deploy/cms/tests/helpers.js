'use strict';

const fs = require('fs');

const BASE = process.env.CMS_URL || 'http://127.0.0.1:1337';
const API = `${BASE}/api`;

/** fetch wrapper: returns { status, body, headers, text }. `path` is relative to /api unless absolute. */
async function api(method, path, { token, body, headers = {}, raw, redirect = 'manual' } = {}) {
  const url = path.startsWith('http') ? path : path.startsWith('/_') ? `${BASE}${path}` : `${API}${path}`;
  const h = { accept: 'application/json', ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  let payload;
  if (raw !== undefined) {
    payload = raw;
    h['content-type'] = h['content-type'] || 'application/json';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    h['content-type'] = 'application/json';
  }
  const res = await fetch(url, { method, headers: h, body: payload, redirect });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: res.status, body: json, headers: res.headers, text };
}

const get = (p, o) => api('GET', p, o);
const post = (p, body, o = {}) => api('POST', p, { ...o, body });
const put = (p, body, o = {}) => api('PUT', p, { ...o, body });
const del = (p, o) => api('DELETE', p, o);

/** Encodes a bracket-style query from [key, value] pairs: keys kept readable, values encoded. */
const q = (pairs) => '?' + pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');

async function login(identifier, password) {
  const r = await post('/auth/local', { identifier, password });
  if (r.status !== 200) throw new Error(`login ${identifier} failed: ${r.status} ${r.text}`);
  return r.body;
}

let seq = 0;
async function register(prefix = 'user', extra = {}) {
  const stamp = `${Date.now().toString(36)}${++seq}`;
  const username = `${prefix}${stamp}`;
  const email = `${username}@example.com`;
  const password = 'Passw0rd!x';
  const r = await post('/auth/local/register', { username, email, password, ...extra });
  if (r.status !== 200) throw new Error(`register failed: ${r.status} ${r.text}`);
  return { ...r.body, username, email, password };
}

const DEMO = { username: 'demo', email: 'demo@example.com', password: 'Demo1234!', mobile: '09121234567' };

function readMails() {
  const file = process.env.EMAIL_CAPTURE_FILE;
  if (!file || !fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

async function waitForMail(predicate, timeoutMs = 5000) {
  const t0 = Date.now();
  while (Date.now() - t0 < timeoutMs) {
    const m = readMails().filter(predicate);
    if (m.length) return m[m.length - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no matching mail captured');
}

module.exports = { BASE, API, api, get, post, put, del, q, login, register, DEMO, readMails, waitForMail };
