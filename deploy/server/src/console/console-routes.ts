/**
 * The deploy console, `/_/console` on the app server (docs/architecture.md, "The deploy console"):
 * what the deploy API tells a team as JSON, as pages a person looks at — per app its live, canary
 * and previous versions, their figures per minute, the release log and the gate's word — and the
 * release's actions, each behind a confirmation step.
 *
 *   GET  /_/console/sign-in                      the form; POST it with a deploy key
 *   POST /_/console/sign-out
 *   GET  /_/console                              the apps the key may see
 *   GET  /_/console/apps/<app>                   the app (?action=&by= filter the release log, ?gate=<version> its report)
 *   GET  /_/console/apps/<app>/events            Server-Sent Events: `change` when its figures or live set change, `ended` as its session ends
 *   POST /_/console/apps/<app>/actions/<action>  check, canary, promote, abort, rollback, override (confirmed=yes does it)
 *   GET  /_/console/apps/<app>/jobs/<id>         an action's job as it goes, then how it ended (the page follows it)
 *   POST /_/console/apps/<app>/jobs/<id>/cancel  stops it before its point of no return
 *   GET  /_/console/apps/<app>/gate/<version>/<n>.png  a page the gate tried, as it saw it
 *
 * The key is presented once and exchanged for a session cookie (console-session.ts), checked on
 * every request; wrong keys count with the deploy API's, and an address that guessed too often is
 * refused (429, security/key-guesses.ts). An open event stream is checked again whenever keys may
 * have changed — at once on the shared state's `keys` notice (an app removed through the deploy API,
 * on any app server), and every `CONSOLE_KEY_CHECK_MS` (a second) against this machine's keys file
 * (a key removed with the local CLI) — and a stream whose key was revoked ends with `ended`. A team's key
 * sees and acts on its own app only, as with the API; the platform team's key sees every app and,
 * as with the API, deploys none. A request without a valid session goes to the sign-in page.
 * Actions are the deploy API's jobs (console-actions.ts), with the key's name as `by`, so the release
 * log cannot tell which of the two was used; the event streams are console-events.ts. Posts are accepted
 * only from the site's own pages: the cookie is SameSite=Strict and the Origin header must be the
 * site's.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { VERSION_RE } from '../live-set/builds-folder';
import { configuredKeys, findKey, PLATFORM } from '../live-set/deploy-keys';
import { appNames, appView } from './app-view';
import { CONSOLE_PATH, sessionCookie, sessionCookieOf, signSession, verifySession } from './console-session';
import { type ConsoleOptions, type Form, sendPage, viewerOf, visibleApp } from './console-request';
import { registerConsoleEvents } from './console-events';
import { ACTIONS, isAction, registerConsoleActions } from './console-actions';
import { appPage } from './pages/app-page';
import { appsPage } from './pages/apps-page';
import { SCRIPT_PATH } from './pages/frame';
import { messagePage } from './pages/message-page';
import { signInPage } from './pages/sign-in-page';
import { CONSOLE_BROWSER_SCRIPT } from './browser-script';
import { readGateReport, readGateShot } from '../release/gate/gate-report';
import { tooManyWrongKeys } from '../security/key-guesses';

export type { ConsoleOptions } from './console-request';

const SIGN_IN = `${CONSOLE_PATH}/sign-in`;
const PUBLIC_PATHS = new Set([SIGN_IN, SCRIPT_PATH]);

export const consoleRoutes: FastifyPluginAsync<ConsoleOptions> = async (app, options) => {
  const { config, shared, keyGuesses } = options;
  const { buildsDir, consoleSessionSeconds: sessionSeconds } = config;
  const siteOrigin = new URL(config.siteUrl).origin;
  app.decorateRequest('consoleSession', null);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const secure = (request: FastifyRequest) => config.siteUrl.startsWith('https:') || request.protocol === 'https';

  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    const keys = await configuredKeys(config.deploy);
    // A server nobody set up for deploys has no console either.
    if (!keys.length)
      return sendPage(reply, 404, messagePage(null, 'کنسول خاموش است', 'هیچ کلید انتشاری تعریف نشده است.', null));
    // Forms of this console only: a cross-site form cannot act in a signed-in browser's name.
    if (
      request.method === 'POST' &&
      request.headers.origin !== siteOrigin &&
      request.headers.origin !== ownOrigin(request)
    )
      return sendPage(
        reply,
        403,
        messagePage(null, 'درخواست پذیرفته نشد', 'این فرم از صفحه‌های خود کنسول فرستاده نشده است.', SIGN_IN),
      );
    const pathname = request.url.split('?')[0]!;
    if (PUBLIC_PATHS.has(pathname)) return;
    const cookie = sessionCookieOf(request.headers.cookie);
    request.consoleSession = verifySession(cookie, keys);
    if (!request.consoleSession) {
      // A session that was there and is no more (expired, or its key removed) is dropped and said.
      if (cookie) reply.header('set-cookie', sessionCookie('', 0, secure(request)));
      return reply.redirect(cookie ? `${SIGN_IN}?expired=1` : SIGN_IN, 303);
    }
  });

  function ownOrigin(request: FastifyRequest): string {
    return `${request.protocol}://${request.host}`;
  }

  app.get('/console.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(CONSOLE_BROWSER_SCRIPT),
  );

  app.get('/sign-in', async (request, reply) => {
    const { expired, revoked } = request.query as { expired?: string; revoked?: string };
    return sendPage(reply, 200, signInPage(null, revoked === '1' ? 'revoked' : expired === '1' ? 'expired' : null));
  });

  app.post('/sign-in', async (request, reply) => {
    const presented = ((request.body ?? {}) as Form).key?.trim() ?? '';
    if (!presented) return sendPage(reply, 401, signInPage('کلید انتشار را وارد کنید.', null));
    const key = findKey(await configuredKeys(config.deploy), presented);
    // As at the deploy API: an address that guessed too often is refused whatever it sends.
    const retryAfter = await keyGuesses.judge(request.ip, key !== null);
    if (retryAfter !== null) {
      request.log.warn({ retryAfter }, 'deploy console: too many wrong keys from this address');
      reply.header('retry-after', String(retryAfter));
      return sendPage(reply, 429, signInPage(tooManyWrongKeys(retryAfter), null));
    }
    if (!key) return sendPage(reply, 401, signInPage('این کلید شناخته نشد.', null));
    request.log.info({ key: key.name }, 'deploy console: signed in');
    return reply
      .header('set-cookie', sessionCookie(signSession(key, sessionSeconds), null, secure(request)))
      .redirect(key.app === PLATFORM ? CONSOLE_PATH : `${CONSOLE_PATH}/apps/${key.app}`, 303);
  });

  app.post('/sign-out', async (request, reply) =>
    reply.header('set-cookie', sessionCookie('', 0, secure(request))).redirect(SIGN_IN, 303),
  );

  app.get('/', async (request, reply) => {
    const key = request.consoleSession!.key;
    const apps = (await appNames(buildsDir, shared.counts)).filter((name) => key.app === PLATFORM || name === key.app);
    return sendPage(reply, 200, appsPage(viewerOf(request), apps));
  });

  app.get('/apps/:app', async (request, reply) => {
    const name = await visibleApp(request, reply, buildsDir, shared.counts);
    if (!name) return reply;
    const view = await appView(buildsDir, shared.counts, name);
    if (!view) return reply.callNotFound();
    const query = request.query as { action?: string; by?: string; gate?: string; done?: string };
    const gateVersion = query.gate && VERSION_RE.test(query.gate) ? query.gate : null;
    const report = gateVersion ? await readGateReport(buildsDir, name, gateVersion) : null;
    const done = query.done && isAction(query.done) ? ACTIONS[query.done].done : null;
    return sendPage(
      reply,
      200,
      appPage(viewerOf(request), view, {
        filter: { action: query.action || undefined, by: query.by || undefined },
        notice: done,
        gateVersion,
        gateReport: report && {
          rules: report.rules,
          pages: report.pages.map((tried, index) => ({
            url: tried.url,
            src: tried.shot ? `${CONSOLE_PATH}/apps/${name}/gate/${gateVersion}/${index}.png` : null,
          })),
        },
        mayAct: request.consoleSession!.key.app === name,
        now: Date.now(),
      }),
    );
  });

  app.get('/apps/:app/gate/:version/:shot', async (request, reply) => {
    const name = await visibleApp(request, reply, buildsDir, shared.counts);
    if (!name) return reply;
    const { version, shot } = request.params as { version: string; shot: string };
    const index = /^(\d{1,3})\.png$/.exec(shot)?.[1];
    if (!VERSION_RE.test(version) || index === undefined) return reply.callNotFound();
    const image = await readGateShot(buildsDir, name, version, Number(index));
    if (!image) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type('image/png').send(image);
  });

  registerConsoleEvents(app, options);
  registerConsoleActions(app, options);
};
