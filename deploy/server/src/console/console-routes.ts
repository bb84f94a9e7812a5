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
 * Actions are the deploy API's jobs (deploy-api/deploy-jobs.ts: `changeLive`, `checkRelease`), with
 * the key's name as `by`, so the release log cannot tell which of the two was used; the action's answer
 * is the job's page, which follows it to its end. An override is issued at once (`issueOverride`). Posts are accepted
 * only from the site's own pages: the cookie is SameSite=Strict and the Origin header must be the
 * site's.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../site/context';
import { type AppName, VERSION_RE } from '../live-set/builds-folder';
import { configuredKeys, findKey, PLATFORM } from '../live-set/deploy-keys';
import { OVERRIDE_DEFAULT_MINUTES, OVERRIDE_MAX_MINUTES } from '../live-set/override-cookies';
import type { LiveChange } from '../release/change-live';
import { refusalOf } from '../deploy-api/release-errors';
import { issueOverride } from '../deploy-api/overrides';
import type { DeployJobs } from '../deploy-api/deploy-jobs';
import { appNames, appView, viewFingerprint } from './app-view';
import {
  type ConsoleSession,
  CONSOLE_PATH,
  sessionCookie,
  sessionCookieOf,
  signSession,
  verifySession,
} from './console-session';
import { appPage } from './pages/app-page';
import { appsPage } from './pages/apps-page';
import { confirmPage } from './pages/confirm-page';
import { SCRIPT_PATH, type Viewer } from './pages/frame';
import { jobPage } from './pages/job-page';
import { messagePage } from './pages/message-page';
import { overridePage } from './pages/override-page';
import { signInPage } from './pages/sign-in-page';
import { CONSOLE_BROWSER_SCRIPT } from './browser-script';
import { readGateReport, readGateShot } from '../release/gate/gate-report';
import { type KeyGuesses, tooManyWrongKeys } from '../security/key-guesses';

/** How often an open console's stream compares its app's figures (the counts are flushed each second). */
export const CONSOLE_EVENTS_CHECK_MS = 1000;
const MAX_STREAMS = 200;
const HEARTBEAT_MS = 25_000;

export interface ConsoleOptions extends RouteContext {
  /** The server's deploy jobs, the API's own: an action is one. */
  deployJobs: DeployJobs;
  /** The count of wrong keys the deploy API keeps too: the sign-in is refused while an address guesses. */
  keyGuesses: KeyGuesses;
}

/** Why an open console's stream ended, as its `ended` event tells the page. */
type StreamEnd = 'expired' | 'revoked' | 'closed';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
  }
}

const SIGN_IN = `${CONSOLE_PATH}/sign-in`;
const PUBLIC_PATHS = new Set([SIGN_IN, SCRIPT_PATH]);

type Action = 'check' | 'canary' | 'promote' | 'abort' | 'rollback' | 'override';
const ACTIONS: Record<Action, { title: string; done: string }> = {
  check: { title: 'بررسی دروازه', done: 'دروازه نسخه را سنجید.' },
  canary: { title: 'شروع قناری', done: 'قناری آغاز شد.' },
  promote: { title: 'ارتقای قناری', done: 'قناری برای همه زنده شد.' },
  abort: { title: 'لغو قناری', done: 'قناری لغو شد؛ همه نسخهٔ زنده را می‌بینند.' },
  rollback: { title: 'بازگشت به نسخهٔ قبلی', done: 'نسخهٔ قبلی دوباره زنده شد.' },
  override: { title: 'پیوند آزمایشی', done: 'پیوند آزمایشی ساخته شد.' },
};
const isAction = (value: string): value is Action => Object.hasOwn(ACTIONS, value);

type Form = Record<string, string | undefined>;

export const consoleRoutes: FastifyPluginAsync<ConsoleOptions> = async (app, options) => {
  const { config, shared, live, deployJobs, keyGuesses } = options;
  const { consoleSessionSeconds: sessionSeconds, consoleKeyCheckMs: keyCheckMs } = config;
  const { buildsDir } = config;
  const siteOrigin = new URL(config.siteUrl).origin;
  app.decorateRequest('consoleSession', null);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const viewerOf = (request: FastifyRequest): Viewer => ({
    name: request.consoleSession!.key.name,
    app: request.consoleSession!.key.app,
  });
  const sendPage = (reply: FastifyReply, code: number, markup: string) =>
    reply.code(code).type('text/html; charset=utf-8').send(markup);
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

  /** The app of the URL if the session may see it: 404 for no such app, 403 for another team's. */
  async function visibleApp(request: FastifyRequest, reply: FastifyReply): Promise<AppName | null> {
    const { app: name } = request.params as { app: string };
    const key = request.consoleSession!.key;
    if (!(await appNames(buildsDir, shared.counts)).includes(name)) {
      sendPage(
        reply,
        404,
        messagePage(viewerOf(request), 'برنامه پیدا نشد', `برنامه‌ای به نام «${name}» نیست.`, CONSOLE_PATH),
      );
      return null;
    }
    if (key.app !== name && key.app !== PLATFORM) {
      sendPage(
        reply,
        403,
        messagePage(
          viewerOf(request),
          'دسترسی ندارید',
          `کلید «${key.name}» برای برنامهٔ ${key.app} است، نه ${name}.`,
          CONSOLE_PATH,
        ),
      );
      return null;
    }
    return name;
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
    const name = await visibleApp(request, reply);
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
    const name = await visibleApp(request, reply);
    if (!name) return reply;
    const { version, shot } = request.params as { version: string; shot: string };
    const index = /^(\d{1,3})\.png$/.exec(shot)?.[1];
    if (!VERSION_RE.test(version) || index === undefined) return reply.callNotFound();
    const image = await readGateShot(buildsDir, name, version, Number(index));
    if (!image) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
    return reply.type('image/png').send(image);
  });

  // Each open console's stream: a `change` when its app's figures or live set differ from the last
  // sent, ended (`ended`) with its session. The session's cookie is kept to be checked again.
  const streams = new Map<(why: StreamEnd) => void, { cookie: string; session: ConsoleSession }>();
  let keyCheck: NodeJS.Timeout | null = null;
  /** Ends every stream whose session no longer verifies: its key removed, its app removed, or replaced. */
  const endRevokedStreams = async () => {
    if (!streams.size) return;
    let keys;
    try {
      keys = await configuredKeys(config.deploy);
    } catch (error) {
      // A keys file that cannot be read refuses every new request; the streams are judged at the next check.
      app.log.warn({ err: error }, 'deploy console: deploy keys unreadable');
      return;
    }
    for (const [end, { cookie, session }] of streams)
      if (!verifySession(cookie, keys)) end(session.expiresAt <= Date.now() ? 'expired' : 'revoked');
  };
  const stopHearingKeys = shared.onNotice((notice) => {
    if (notice.kind === 'keys') void endRevokedStreams();
  });
  app.addHook('onClose', async () => {
    stopHearingKeys();
    for (const end of streams.keys()) end('closed');
  });

  app.get('/apps/:app/events', async (request, reply) => {
    const name = await visibleApp(request, reply);
    if (!name) return reply;
    if (streams.size >= MAX_STREAMS)
      return reply
        .code(503)
        .header('retry-after', '60')
        .type('text/plain; charset=utf-8')
        .send('Too many consoles open');
    const session = request.consoleSession!;
    const cookie = sessionCookieOf(request.headers.cookie)!;
    reply.hijack();
    const response = reply.raw;
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    response.write('retry: 5000\n\n');
    // The page's own figures: nothing is sent until they change.
    const { since } = request.query as { since?: string };
    let last = typeof since === 'string' ? since.slice(0, 64) : '';
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        // A session that ends ends its stream: the page goes to the sign-in.
        if (session.expiresAt <= Date.now()) return end('expired');
        const view = await appView(buildsDir, shared.counts, name);
        const fingerprint = view ? viewFingerprint(view) : '';
        if (fingerprint !== last) {
          last = fingerprint;
          response.write(`event: change\ndata: ${JSON.stringify({ at: Date.now() })}\n\n`);
        }
      } catch (error) {
        request.log.warn({ err: error }, 'deploy console: figures unreadable');
      } finally {
        checking = false;
      }
    };
    const timer = setInterval(() => void check(), CONSOLE_EVENTS_CHECK_MS);
    const heartbeat = setInterval(() => response.write(': still here\n\n'), HEARTBEAT_MS);
    const stopHearing = live.onChange(() => void check());
    function end(why: StreamEnd) {
      if (!streams.delete(end)) return;
      clearInterval(timer);
      clearInterval(heartbeat);
      stopHearing();
      if (!streams.size && keyCheck) {
        clearInterval(keyCheck);
        keyCheck = null;
      }
      // The page is told why, so it goes to the sign-in instead of reconnecting.
      if (why !== 'closed' && !response.destroyed) response.write(`event: ended\ndata: ${JSON.stringify({ why })}\n\n`);
      response.end();
    }
    streams.set(end, { cookie, session });
    keyCheck ??= setInterval(() => void endRevokedStreams(), keyCheckMs);
    request.raw.on('close', () => end('closed'));
    void check();
  });

  app.post('/apps/:app/actions/:action', async (request, reply) => {
    const name = await visibleApp(request, reply);
    if (!name) return reply;
    const { action } = request.params as { action: string };
    if (!isAction(action)) return reply.callNotFound();
    const key = request.consoleSession!.key;
    const viewer = viewerOf(request);
    const back = `${CONSOLE_PATH}/apps/${name}`;
    // As the deploy API: a key acts on its own app only; the platform team's key deploys none.
    if (key.app !== name)
      return sendPage(
        reply,
        403,
        messagePage(viewer, 'دسترسی ندارید', `کلید «${key.name}» نمی‌تواند برنامهٔ ${name} را تغییر دهد.`, back),
      );
    const form = (request.body ?? {}) as Form;
    const invalid = (message: string) =>
      sendPage(reply, 400, messagePage(viewer, ACTIONS[action].title, message, back));

    const version = form.version ?? '';
    const needsVersion = action === 'check' || action === 'canary' || action === 'override';
    const view = await appView(buildsDir, shared.counts, name);
    if (needsVersion && !view?.status.published.some((entry) => entry.version === version))
      return invalid('نسخه‌ای منتشرشده را برگزینید.');
    const percent = Number(form.percent);
    if (action === 'canary' && (!Number.isInteger(percent) || percent < 1 || percent > 99))
      return invalid('درصد بازدیدکنندگان عددی درست از ۱ تا ۹۹ است.');
    const minutes = Number(form.minutes ?? OVERRIDE_DEFAULT_MINUTES);
    if (action === 'override' && (!Number.isInteger(minutes) || minutes < 1 || minutes > OVERRIDE_MAX_MINUTES))
      return invalid(`مدت پیوند عددی درست از ۱ تا ${OVERRIDE_MAX_MINUTES} دقیقه است.`);
    const force = form.force?.trim() ? form.force.trim().slice(0, 500) : undefined;

    const fields: Record<string, string> = {
      ...(needsVersion ? { version } : {}),
      ...(action === 'canary' ? { percent: String(percent), ...(force ? { force } : {}) } : {}),
      ...(action === 'override' ? { minutes: String(minutes) } : {}),
    };
    if (form.confirmed !== 'yes') {
      return sendPage(
        reply,
        200,
        confirmPage(
          viewer,
          name,
          action,
          `${ACTIONS[action].title}: ${name}`,
          describe(action, name, view, fields),
          fields,
        ),
      );
    }

    if (action === 'override') {
      const issued = await issueOverride(buildsDir, key, name, version, minutes);
      if ('refusal' in issued)
        return sendPage(reply, 409, messagePage(viewer, ACTIONS.override.title, issued.refusal, back));
      return sendPage(reply, 200, overridePage(viewer, name, issued.link, issued.expiresAt));
    }
    const changes: Record<Exclude<Action, 'override' | 'check'>, LiveChange> = {
      canary: { action: 'canary', version, percent },
      promote: { action: 'promote' },
      abort: { action: 'abort' },
      rollback: { action: 'rollback' },
    };
    const asked: Record<string, unknown> =
      action === 'check' ? { version } : action === 'canary' ? { version, percent, ...(force ? { force } : {}) } : {};
    const { record, existing } = await deployJobs.jobs.create({
      kind: action,
      app: name,
      by: key.name,
      request: asked,
    });
    if (!existing)
      deployJobs.startWhenTold(
        reply.raw,
        record,
        action === 'check'
          ? deployJobs.check(name, version, key.name)
          : deployJobs.change(name, changes[action], { by: key.name, ...(force ? { force } : {}) }),
      );
    return reply.redirect(`${back}/jobs/${record.id}`, 303);
  });

  /** An action's job, on its app's page: its kind names the action. */
  async function jobOf(request: FastifyRequest, name: AppName) {
    const { id } = request.params as { id: string };
    const record = await deployJobs.jobs.read(id);
    return record && record.app === name && isAction(record.kind) ? { record, action: record.kind } : null;
  }

  app.get('/apps/:app/jobs/:id', async (request, reply) => {
    const name = await visibleApp(request, reply);
    if (!name) return reply;
    const found = await jobOf(request, name);
    if (!found) return reply.callNotFound();
    const { record, action } = found;
    const done =
      action === 'check' && record.result && !record.result.passed
        ? `دروازه نسخه را نپذیرفت: ${String(record.result.refusal)}`
        : ACTIONS[action].done;
    return sendPage(reply, 200, jobPage(viewerOf(request), name, ACTIONS[action].title, done, record));
  });

  app.post('/apps/:app/jobs/:id/cancel', async (request, reply) => {
    const name = await visibleApp(request, reply);
    if (!name) return reply;
    const found = await jobOf(request, name);
    if (!found) return reply.callNotFound();
    const key = request.consoleSession!.key;
    const jobPath = `${CONSOLE_PATH}/apps/${name}/jobs/${found.record.id}`;
    if (key.app !== name)
      return sendPage(
        reply,
        403,
        messagePage(
          viewerOf(request),
          'دسترسی ندارید',
          `کلید «${key.name}» نمی‌تواند کارهای ${name} را لغو کند.`,
          jobPath,
        ),
      );
    try {
      await deployJobs.jobs.cancel(found.record.id, key.name);
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) throw error;
      return sendPage(reply, refusal.statusCode, messagePage(viewerOf(request), 'لغو نشد', refusal.message, jobPath));
    }
    return reply.redirect(jobPath, 303);
  });
};

/** What the confirmation step says will happen. */
function describe(
  action: Action,
  app: string,
  view: Awaited<ReturnType<typeof appView>>,
  fields: Record<string, string>,
): string {
  const live = view?.status.live ?? '—';
  switch (action) {
    case 'check':
      return `دروازه نسخهٔ ${fields.version} از ${app} را می‌سنجد (آزمون‌های مرورگر چند دقیقه طول می‌کشد). چیزی تغییر نمی‌کند.`;
    case 'canary':
      return `پس از گذر از دروازه، نسخهٔ ${fields.version} به ${fields.percent}٪ بازدیدکنندگان نشان داده می‌شود؛ بقیه ${live} را می‌بینند.${fields.force ? ` اگر دروازه رد کند، با دلیل «${fields.force}» از آن عبور می‌شود.` : ''}`;
    case 'promote':
      return `قناری ${view?.status.canary?.version ?? ''} برای همه زنده می‌شود.`;
    case 'abort':
      return `قناری ${view?.status.canary?.version ?? ''} پایان می‌یابد و همه ${live} را می‌بینند.`;
    case 'rollback':
      return `نسخهٔ قبلی ${view?.previous?.version ?? ''} به جای ${live} زنده می‌شود.`;
    case 'override':
      return `پیوندی ساخته می‌شود که نسخهٔ ${fields.version} را به مدت ${fields.minutes} دقیقه فقط به مرورگر شما نشان می‌دهد.`;
  }
}
