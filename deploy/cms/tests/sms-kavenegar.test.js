'use strict';

// The Kavenegar adapter (src/sms/kavenegar.js) against a local server that speaks Kavenegar's
// documented REST API (https://kavenegar.com/rest.html): the request it sends (method, path with the
// API key, form fields) and how it takes the provider's success and error answers. No network.
const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const { createKavenegarSender } = require('../src/sms/kavenegar');
const { createSmsSender, smsSettingProblems } = require('../src/sms');

const API_KEY = '4E6F7465-test-api-key';
const TEMPLATE = 'steel-sign-in';
// A port of this suite's own range (KAVENEGAR_FAKE_PORT to move it).
const PORT = Number(process.env.KAVENEGAR_FAKE_PORT || 2551);

/** Kavenegar's answers, as its documentation gives them. */
const accepted = (receptor) => ({
  return: { status: 200, message: 'تایید شد' },
  entries: [
    {
      messageid: 8792343,
      message: 'کد ورود شما: 123456',
      status: 5,
      statustext: 'در صف ارسال',
      sender: '10004346',
      receptor,
      date: 1356619709,
      cost: 120,
    },
  ],
});
const refused = (status, message) => ({ return: { status, message }, entries: null });

/** A fake Kavenegar: records each request and answers what `reply` says for it. */
async function fakeKavenegar(reply) {
  const requests = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const request = {
        method: req.method,
        path: req.url,
        contentType: req.headers['content-type'],
        fields: Object.fromEntries(new URLSearchParams(body)),
      };
      requests.push(request);
      const { status, json, text } = reply(request);
      res.writeHead(status, { 'content-type': json ? 'application/json; charset=utf-8' : 'text/html' });
      res.end(json ? JSON.stringify(json) : text);
    });
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(PORT, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${PORT}`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

test('a sign-in code goes by verify/lookup: the API key in the path, receptor, token and template in a form body', async (t) => {
  const fake = await fakeKavenegar((request) => ({ status: 200, json: accepted(request.fields.receptor) }));
  t.after(fake.close);
  const sender = createKavenegarSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: fake.baseUrl });
  await sender.sendCode({ to: '09351234567', code: '048213' });
  assert.equal(fake.requests.length, 1);
  const [request] = fake.requests;
  assert.equal(request.method, 'POST');
  assert.equal(request.path, `/v1/${API_KEY}/verify/lookup.json`, 'the code is not in the URL');
  assert.match(request.contentType, /^application\/x-www-form-urlencoded/);
  assert.deepEqual(request.fields, { receptor: '09351234567', token: '048213', template: TEMPLATE });
});

test('another text goes by sms/send with the line number when one is set', async (t) => {
  const fake = await fakeKavenegar((request) => ({ status: 200, json: accepted(request.fields.receptor) }));
  t.after(fake.close);
  const sender = createKavenegarSender({
    apiKey: API_KEY,
    template: TEMPLATE,
    sender: '10004346',
    baseUrl: fake.baseUrl,
  });
  await sender.send({ to: '09351234567', text: 'قیمت میلگرد ۱۴ به زیر حد شما رسید.' });
  assert.equal(fake.requests[0].path, `/v1/${API_KEY}/sms/send.json`);
  assert.deepEqual(fake.requests[0].fields, {
    receptor: '09351234567',
    message: 'قیمت میلگرد ۱۴ به زیر حد شما رسید.',
    sender: '10004346',
  });
});

test("the provider's refusals fail the send with its status, never naming the API key or the code", async (t) => {
  const answers = [
    { status: 403, json: refused(403, 'کد شناسائی API-Key معتبر نمی‌باشد') },
    { status: 418, json: refused(418, 'اعتبار حساب شما کافی نیست') },
    { status: 424, json: refused(424, 'الگوی مورد نظر پیدا نشد') },
    // A body status other than 200 under HTTP 200 is a refusal too.
    { status: 200, json: refused(411, 'دریافت کننده نامعتبر است') },
    // Not JSON at all (a proxy's error page): told by the HTTP status.
    { status: 502, text: '<html>Bad gateway</html>' },
  ];
  let next = 0;
  const fake = await fakeKavenegar(() => answers[next++]);
  t.after(fake.close);
  const sender = createKavenegarSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: fake.baseUrl });
  for (const expected of [403, 418, 424, 411, 502]) {
    await assert.rejects(sender.sendCode({ to: '09351234567', code: '731904' }), (error) => {
      assert.equal(error.name, 'SmsSendError');
      assert.equal(error.status, expected);
      assert.ok(!error.message.includes(API_KEY) && !error.message.includes('731904'), error.message);
      return true;
    });
  }
});

test('an unreachable provider fails the send without naming the URL', async () => {
  // Nothing listens on this port now (the fake servers above have closed).
  const sender = createKavenegarSender({ apiKey: API_KEY, template: TEMPLATE, baseUrl: `http://127.0.0.1:${PORT}` });
  await assert.rejects(sender.sendCode({ to: '09351234567', code: '731904' }), (error) => {
    assert.equal(error.name, 'SmsSendError');
    assert.ok(!error.message.includes(API_KEY), error.message);
    return true;
  });
});

test('SMS_PROVIDER chooses the channel; Kavenegar without its key or template, or an unknown provider, is refused', () => {
  assert.deepEqual(smsSettingProblems({}), []);
  assert.equal(createSmsSender({ SMS_OUTBOX_FILE: '/tmp/steel-sms-unused.jsonl' }).name, 'outbox');
  assert.deepEqual(smsSettingProblems({ SMS_PROVIDER: 'kavenegar', KAVENEGAR_TEMPLATE: TEMPLATE }), [
    'KAVENEGAR_API_KEY is not set',
  ]);
  assert.throws(
    () => createSmsSender({ SMS_PROVIDER: 'kavenegar' }),
    /KAVENEGAR_API_KEY is not set; KAVENEGAR_TEMPLATE/,
  );
  assert.throws(() => createSmsSender({ SMS_PROVIDER: 'pigeon' }), /SMS_PROVIDER must be one of outbox, kavenegar/);
  const kavenegar = createSmsSender({
    SMS_PROVIDER: 'kavenegar',
    KAVENEGAR_API_KEY: API_KEY,
    KAVENEGAR_TEMPLATE: TEMPLATE,
  });
  assert.equal(kavenegar.name, 'kavenegar');
});
