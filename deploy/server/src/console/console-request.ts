/**
 * What every console route asks of its request: who is looking, which app of the URL they may see,
 * and how a page is sent. The session is the one the console's `onRequest` hook verified
 * (console-routes.ts), so a route behind it may take it as given.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteContext } from '../site/context';
import type { AppName } from '../live-set/builds-folder';
import { PLATFORM } from '../live-set/deploy-keys';
import type { CountStore } from '../shared-state/failure-counts';
import type { KeyGuesses } from '../security/key-guesses';
import type { DeployJobs } from '../deploy-api/deploy-jobs';
import { appNames } from './app-view';
import { type ConsoleSession, CONSOLE_PATH } from './console-session';
import type { Viewer } from './pages/frame';
import { messagePage } from './pages/message-page';

export interface ConsoleOptions extends RouteContext {
  /** The server's deploy jobs, the API's own: an action is one. */
  deployJobs: DeployJobs;
  /** The count of wrong keys the deploy API keeps too: the sign-in is refused while an address guesses. */
  keyGuesses: KeyGuesses;
}

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ConsoleSession | null;
  }
}

/** A posted form's fields, as the console's content-type parser gives them. */
export type Form = Record<string, string | undefined>;

export const viewerOf = (request: FastifyRequest): Viewer => ({
  name: request.consoleSession!.key.name,
  app: request.consoleSession!.key.app,
});

export const sendPage = (reply: FastifyReply, code: number, markup: string) =>
  reply.code(code).type('text/html; charset=utf-8').send(markup);

/** The app of the URL if the session may see it: 404 for no such app, 403 for another team's. */
export async function visibleApp(
  request: FastifyRequest,
  reply: FastifyReply,
  buildsDir: string,
  counts: CountStore,
): Promise<AppName | null> {
  const { app: name } = request.params as { app: string };
  const key = request.consoleSession!.key;
  if (!(await appNames(buildsDir, counts)).includes(name)) {
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
