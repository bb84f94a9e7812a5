import { html } from '../html';
import { CONSOLE_PATH } from '../console-session';
import { page } from './frame';

/** Why the sign-in page was reached from a session that ended (said to the person), if it was. */
const SESSION_ENDED = {
  expired: 'نشست شما پایان یافته است؛ دوباره وارد شوید.',
  revoked: 'کلید این نشست باطل شده است؛ با کلیدی معتبر وارد شوید.',
};

export function signInPage(error: string | null, ended: keyof typeof SESSION_ENDED | null): string {
  return page(
    'ورود',
    html`<h1>ورود به کنسول انتشار</h1>
      ${ended ? html`<p class="notice" role="status">${SESSION_ENDED[ended]}</p>` : ''}
      ${error ? html`<p class="error" role="alert">${error}</p>` : ''}
      <form method="post" action="${CONSOLE_PATH}/sign-in" class="card">
        <label for="key">کلید انتشار تیم یا کلید پلتفرم</label>
        <input id="key" name="key" type="password" autocomplete="off" required dir="ltr" spellcheck="false" />
        <p>کلید فقط برای ساختن نشستی کوتاه به کار می‌رود و در مرورگر نگه داشته نمی‌شود.</p>
        <button type="submit">ورود</button>
      </form>`,
    null,
  );
}
