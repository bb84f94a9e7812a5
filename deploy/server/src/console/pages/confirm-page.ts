import { html } from '../html';
import { CONSOLE_PATH } from '../console-session';
import { page, type Viewer } from './frame';

/** The confirmation step of an action: what will happen, and a button that does it. */
export function confirmPage(
  viewer: Viewer,
  app: string,
  action: string,
  title: string,
  what: string,
  fields: Record<string, string>,
): string {
  return page(
    title,
    html`<h1>${title}</h1>
      <p>${what}</p>
      <form method="post" action="${CONSOLE_PATH}/apps/${app}/actions/${action}" class="card">
        ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
        <input type="hidden" name="confirmed" value="yes" />
        <button type="submit">بله، انجام بده</button> <a href="${CONSOLE_PATH}/apps/${app}">انصراف</a>
      </form>`,
    viewer,
  );
}
