import { html } from '../html';
import { CONSOLE_PATH } from '../console-session';
import { page, type Viewer } from './frame';

export function appsPage(viewer: Viewer, apps: readonly string[]): string {
  return page(
    'برنامه‌ها',
    html`<h1>برنامه‌ها</h1>
      <p>
        ${viewer.app === 'platform' ? 'کلید پلتفرم همهٔ برنامه‌ها را می‌بیند.' : 'کلید تیم فقط برنامهٔ خود را می‌بیند.'}
      </p>
      <ul>
        ${apps.map((app) => html`<li><a href="${CONSOLE_PATH}/apps/${app}">${app}</a></li>`)}
      </ul>`,
    viewer,
  );
}
