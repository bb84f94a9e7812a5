/**
 * The console's release actions and their jobs:
 *
 *   POST /_/console/apps/<app>/actions/<action>  check, canary, promote, abort, rollback, override (confirmed=yes does it)
 *   GET  /_/console/apps/<app>/jobs/<id>         an action's job as it goes, then how it ended (the page follows it)
 *   POST /_/console/apps/<app>/jobs/<id>/cancel  stops it before its point of no return
 *
 * An action is first a confirmation page saying what will happen; confirmed, it is the deploy API's
 * job (deploy-api/deploy-jobs.ts: `changeLive`, `checkRelease`) with the key's name as `by`, and
 * its answer is the job's page. An override is issued at once (`issueOverride`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppName } from '../live-set/builds-folder';
import { OVERRIDE_DEFAULT_MINUTES, OVERRIDE_MAX_MINUTES } from '../live-set/override-cookies';
import type { LiveChange } from '../release/change-live';
import { refusalOf } from '../deploy-api/release-errors';
import { issueOverride } from '../deploy-api/overrides';
import { appView } from './app-view';
import { CONSOLE_PATH } from './console-session';
import { type ConsoleOptions, type Form, sendPage, viewerOf, visibleApp } from './console-request';
import { confirmPage } from './pages/confirm-page';
import { jobPage } from './pages/job-page';
import { messagePage } from './pages/message-page';
import { overridePage } from './pages/override-page';

type Action = 'check' | 'canary' | 'promote' | 'abort' | 'rollback' | 'override';
/** Each action's title and what the app's page says once it is done. */
export const ACTIONS: Record<Action, { title: string; done: string }> = {
  check: { title: 'بررسی دروازه', done: 'دروازه نسخه را سنجید.' },
  canary: { title: 'شروع قناری', done: 'قناری آغاز شد.' },
  promote: { title: 'ارتقای قناری', done: 'قناری برای همه زنده شد.' },
  abort: { title: 'لغو قناری', done: 'قناری لغو شد؛ همه نسخهٔ زنده را می‌بینند.' },
  rollback: { title: 'بازگشت به نسخهٔ قبلی', done: 'نسخهٔ قبلی دوباره زنده شد.' },
  override: { title: 'پیوند آزمایشی', done: 'پیوند آزمایشی ساخته شد.' },
};
export const isAction = (value: string): value is Action => Object.hasOwn(ACTIONS, value);

export function registerConsoleActions(app: FastifyInstance, options: ConsoleOptions): void {
  const { config, shared, deployJobs } = options;
  const { buildsDir } = config;

  app.post('/apps/:app/actions/:action', async (request, reply) => {
    const name = await visibleApp(request, reply, buildsDir, shared.counts);
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
    const name = await visibleApp(request, reply, buildsDir, shared.counts);
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
    const name = await visibleApp(request, reply, buildsDir, shared.counts);
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
}

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
