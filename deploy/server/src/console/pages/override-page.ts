import { html } from '../html';
import { CONSOLE_PATH } from '../console-session';
import { page, type Viewer, when } from './frame';

/** An override issued: the link that tries the version in this browser alone. */
export function overridePage(viewer: Viewer, app: string, link: string, expiresAt: string): string {
  return page(
    'پیوند آزمایشی',
    html`<h1>پیوند آزمایشی <bdi>${app}</bdi></h1>
      <p class="notice" role="status">
        این پیوند نسخه را فقط در مرورگری که آن را باز کند نشان می‌دهد، تا ${when(expiresAt)}.
      </p>
      <p><a href="${link}" data-testid="override-link">باز کردن سایت با نسخهٔ آزمایشی</a></p>
      <p><a href="${CONSOLE_PATH}/apps/${app}">بازگشت به برنامه</a></p>`,
    viewer,
  );
}
