'use strict';

// The CMS tells the app server which public collections changed (src/bootstrap/content-changes.js).
// Here this test is the app server, on the port the runner gave the CMS as CONTENT_CHANGE_URL: it
// refuses the first call as a restarting server would, and the change must still arrive, once more.

const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const { get, put, q } = require('./helpers');

const PORT = Number(process.env.CONTENT_CHANGE_LISTENER_PORT);
const EDITOR_TOKEN = process.env.CMS_EDITOR_TOKEN;

/** An app server's content-changed endpoint answering each call with the next of `statuses` (then 200). */
async function listen(statuses) {
  const calls = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const status = statuses[calls.length] ?? 200;
      calls.push({ path: request.url, status, collections: JSON.parse(body).collections });
      response.writeHead(status).end();
    });
  });
  await new Promise((resolve) => server.listen(PORT, '127.0.0.1', resolve));
  return { calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function waitFor(condition, what, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test(
  "an editor's change reaches the app server even when its first call is refused",
  { skip: (!PORT || !EDITOR_TOKEN) && 'run by scripts/run-tests.js, which sets the listener port and editor token' },
  async () => {
    const pages = await get(`/static-pages${q([['pagination[pageSize]', '1']])}`);
    assert.equal(pages.status, 200, pages.text);
    const [page] = pages.body.data;
    const appServer = await listen([503]);
    try {
      // Saved as it is: the save is the change (an editor pressing save), and no other test sees a difference.
      const saved = await put(
        `/static-pages/${page.documentId}?status=published`,
        { data: { summary: page.summary } },
        { token: EDITOR_TOKEN },
      );
      assert.equal(saved.status, 200, saved.text);
      await waitFor(() => appServer.calls.length >= 2, 'the call after the refused one');
      const [refused, retried] = appServer.calls;
      assert.equal(refused.status, 503);
      assert.equal(retried.status, 200);
      for (const call of [refused, retried]) {
        assert.equal(call.path, '/_/content-changed');
        assert.ok(call.collections.includes('static-pages'), JSON.stringify(call.collections));
      }
    } finally {
      await appServer.close();
    }
  },
);
