import { html } from '../html';
import { page, type Viewer } from './frame';

export function messagePage(viewer: Viewer | null, title: string, message: string, back: string | null): string {
  return page(
    title,
    html`<h1>${title}</h1>
      <p class="error" role="alert">${message}</p>
      ${back ? html`<p><a href="${back}">بازگشت</a></p>` : ''}`,
    viewer,
  );
}
