/**
 * The CLI's remote mode (`deploy --server <url> …`): the same commands as on a builds folder,
 * through the deploy API with a team's key. A dist folder is packed here as a .tar.gz of its files
 * (pre-compressed variants left out: the server makes its own).
 */
import fs from 'node:fs/promises';
import { c as createTar } from 'tar';
import type { AppStatus } from './status';
import type { AppName } from '../live-set/builds-folder';
import type { HistoryEntry } from './history';
import type { RegisteredApp } from '../live-set/app-registry';
import { NotABuild } from './publish';
import { GateRefusal } from './change-live';
import { DEPLOY_API_PREFIX, UPLOAD_CONTENT_TYPES } from './deploy-api-protocol';

export interface RemoteTarget {
  /** The app server's origin, e.g. https://steel.example (the API is under /_/deploy). */
  server: string;
  key: string;
}

/** The server's answer to a call it refused: its status and `{ error }`. */
export class RemoteError extends Error {
  override readonly name = 'RemoteError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function packDist(distDir: string): Promise<Buffer> {
  const stat = await fs.stat(distDir).catch(() => null);
  if (!stat?.isDirectory()) throw new NotABuild(`${distDir} is not a directory (build it first)`);
  const chunks: Buffer[] = [];
  for await (const chunk of createTar(
    { gzip: true, cwd: distDir, portable: true, filter: (file) => !/\.(br|gz)$/.test(file) },
    ['.'],
  )) {
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function call<T>(
  target: RemoteTarget,
  method: 'GET' | 'POST',
  path: string,
  body?: { json: unknown } | { tarball: Buffer },
): Promise<T> {
  const url = `${target.server.replace(/\/+$/, '')}${DEPLOY_API_PREFIX}${path}`;
  const headers: Record<string, string> = { authorization: `Bearer ${target.key}` };
  let payload: string | Uint8Array<ArrayBuffer> | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers['content-type'] = UPLOAD_CONTENT_TYPES[0]!;
    payload = new Uint8Array(body.tarball);
  }
  const response = await fetch(url, { method, headers, body: payload });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not the deploy API answering (a proxy's error page, a wrong URL): say what came back.
  }
  if (!response.ok) {
    const error = (json as { error?: string } | null)?.error ?? `${text.slice(0, 200) || response.statusText}`;
    if (response.status === 422) throw new GateRefusal(error);
    throw new RemoteError(response.status, `${response.status}: ${error}`);
  }
  if (json === null)
    throw new RemoteError(response.status, `${url} did not answer JSON: is ${target.server} the app server?`);
  return json as T;
}

export const remote = {
  whoami: (target: RemoteTarget) => call<{ name: string; app: AppName }>(target, 'GET', '/whoami'),
  async publish(target: RemoteTarget, app: AppName, distDir: string) {
    return call<{ app: AppName; version: string; created: boolean }>(target, 'POST', `/${app}/versions`, {
      tarball: await packDist(distDir),
    });
  },
  async check(target: RemoteTarget, app: AppName, version: string) {
    const result = await call<{ passed: boolean; refusal: string | null; ms: number; notes?: string[] }>(
      target,
      'POST',
      `/${app}/versions/${encodeURIComponent(version)}/check`,
    );
    if (result.refusal) throw new GateRefusal(result.refusal);
    return result;
  },
  activate: (target: RemoteTarget, app: AppName, version: string, force?: string) =>
    call<{
      version: string;
      previous: string | null;
      changed: boolean;
      gate: string;
      forced: string | null;
      gateMs: number;
    }>(target, 'POST', `/${app}/activate`, { json: { version, ...(force ? { force } : {}) } }),
  rollback: (target: RemoteTarget, app: AppName) =>
    call<{ version: string; previous: string | null }>(target, 'POST', `/${app}/rollback`, { json: {} }),
  canary: (target: RemoteTarget, app: AppName, version: string, percent: number, force?: string) =>
    call<{
      version: string;
      percent: number;
      live: string | null;
      gate: string;
      forced: string | null;
      gateMs: number;
    }>(target, 'POST', `/${app}/canary`, { json: { version, percent, ...(force ? { force } : {}) } }),
  promote: (target: RemoteTarget, app: AppName) =>
    call<{ version: string; previous: string | null }>(target, 'POST', `/${app}/canary/promote`, { json: {} }),
  abort: (target: RemoteTarget, app: AppName) =>
    call<{ version: string; aborted: string | null }>(target, 'POST', `/${app}/canary/abort`, { json: {} }),
  override: (target: RemoteTarget, app: AppName, version: string, minutes?: number) =>
    call<{ version: string; expiresAt: string; cookie: { name: string; value: string }; link: string }>(
      target,
      'POST',
      `/${app}/override`,
      { json: { version, ...(minutes ? { minutes } : {}) } },
    ),
  history: async (target: RemoteTarget, app: AppName) =>
    (await call<{ entries: HistoryEntry[] }>(target, 'GET', `/${app}/history`)).entries,
  status: (target: RemoteTarget, app: AppName) =>
    call<AppStatus & { updatedAt: number | null }>(target, 'GET', `/${app}/status`),
  apps: {
    list: async (target: RemoteTarget) => (await call<{ apps: RegisteredApp[] }>(target, 'GET', '/apps')).apps,
    add: async (target: RemoteTarget, request: { name: string; paths: string[]; owner?: string }) =>
      (await call<{ app: RegisteredApp }>(target, 'POST', '/apps', { json: request })).app,
    remove: (target: RemoteTarget, name: string, force?: string) =>
      call<{ removed: RegisteredApp; wasLive: string | null }>(
        target,
        'POST',
        `/apps/${encodeURIComponent(name)}/remove`,
        { json: force ? { force } : {} },
      ),
  },
};
