/**
 * The browser's side of overrides (live-set/override-cookies.ts): the link the deploy API issues
 * sets the cookie, every page then shows a strip naming the overridden versions (override-strip.ts),
 * and its one button drops them all. The strip is added when the page is sent, never into the page cache, and sits outside
 * the shell's root, so it touches neither hydration nor other visitors' pages.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { configuredKeys } from '../live-set/deploy-keys';
import { isAppName } from '../live-set/builds-folder';
import {
  OVERRIDE_APPLY_PATH,
  OVERRIDE_CLEAR_PATH,
  overrideCookieName,
  overrideCookies,
  verifyOverride,
} from '../live-set/override-cookies';
import type { RouteContext } from './context';

function cookieHeader(request: FastifyRequest, name: string, value: string, maxAgeSeconds: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax; HttpOnly${secure}`;
}

const MESSAGE_PAGE = (message: string) =>
  `<!doctype html><html lang="fa" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>نسخهٔ آزمایشی</title></head>` +
  `<body style="font-family:Vazirmatn,Tahoma,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.8"><h1>نسخهٔ آزمایشی</h1><p role="alert">${message}</p><p><a href="/">بازگشت به صفحهٔ اصلی</a></p></body></html>`;

export const overrideRoutes: FastifyPluginAsync<RouteContext> = async (app, { config }) => {
  // The strip's form posts an empty urlencoded body; nothing in it is read.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, {}),
  );

  app.get(OVERRIDE_APPLY_PATH, async (request, reply: FastifyReply) => {
    const { app: appName, token } = request.query as { app?: string; token?: string };
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const override =
      appName && isAppName(appName) && token
        ? verifyOverride(appName, token, await configuredKeys(config.deploy).catch(() => []))
        : null;
    if (!override) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(MESSAGE_PAGE('این پیوند نسخهٔ آزمایشی معتبر نیست یا زمانش گذشته است. از تیم خود پیوند تازه بگیرید.'));
    }
    const maxAge = Math.floor((override.expiresAt - Date.now()) / 1000);
    reply.header('set-cookie', cookieHeader(request, overrideCookieName(override.app), token!, maxAge));
    return reply.redirect('/', 303);
  });

  app.post(OVERRIDE_CLEAR_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store').header(
      'set-cookie',
      Object.keys(overrideCookies(request.headers.cookie)).map((name) =>
        cookieHeader(request, overrideCookieName(name), '', 0),
      ),
    );
    // Back where the button was pressed, when that was this site.
    const referer = URL.canParse(request.headers.referer ?? '') ? new URL(request.headers.referer!) : null;
    return reply.redirect(
      referer && referer.host === request.headers.host ? referer.pathname + referer.search : '/',
      303,
    );
  });
};
