import { html } from '../html';
import { CONSOLE_PATH } from '../console-session';
import { page, type Viewer, when } from './frame';

/** What a job page shows of a job (the deploy API's view of it). */
export interface JobFacts {
  id: string;
  state: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  step: string;
  done: string[];
  by: string;
  createdAt: string;
  cancelRequested: boolean;
  error: { message: string } | null;
}

/**
 * A job the console started (a gate run, a canary, a rollback…): where it is, as it goes — the page
 * follows it by itself (its script, or a refresh without one) — then how it ended, with a button
 * that cancels it before its point of no return.
 */
export function jobPage(viewer: Viewer, app: string, title: string, doneMessage: string, job: JobFacts): string {
  const running = job.state === 'queued' || job.state === 'running';
  const outcome = running
    ? html`<p class="notice" role="status">
        ${job.cancelRequested ? 'لغو درخواست شد؛ پیش از هر تغییری متوقف می‌شود.' : 'در حال انجام…'}
        <bdi dir="ltr" data-testid="job-step">${job.step}</bdi>
      </p>`
    : job.state === 'succeeded'
      ? html`<p class="notice" role="status" data-testid="job-outcome">${doneMessage}</p>`
      : html`<p class="error" role="alert" data-testid="job-outcome">
          ${job.state === 'cancelled' ? 'لغو شد' : 'انجام نشد'}: <bdi dir="ltr">${job.error?.message ?? job.step}</bdi>
        </p>`;
  return page(
    title,
    html`<h1>${title}: <bdi>${app}</bdi></h1>
      <section
        id="job"
        class="card"
        data-live-region
        data-job-state="${job.state}"
        aria-live="polite"
        aria-labelledby="job-heading"
      >
        <h2 id="job-heading">کار <bdi dir="ltr">${job.id}</bdi></h2>
        <dl>
          <dt>درخواست‌دهنده</dt>
          <dd><bdi>${job.by}</bdi></dd>
          <dt>آغاز</dt>
          <dd>${when(job.createdAt)}</dd>
          ${
            job.done.length
              ? html`<dt>انجام‌شده</dt>
                  <dd><bdi dir="ltr">${job.done.join('، ')}</bdi></dd>`
              : ''
          }
        </dl>
        ${outcome}
        ${
          running && !job.cancelRequested
            ? html`<form method="post" action="${CONSOLE_PATH}/apps/${app}/jobs/${job.id}/cancel">
                <button type="submit" class="secondary">لغو این کار</button>
              </form>`
            : ''
        }
      </section>
      <p><a href="${CONSOLE_PATH}/apps/${app}">بازگشت به برنامه</a></p>`,
    viewer,
    { script: true, ...(running ? { refreshSeconds: 2 } : {}) },
  );
}
