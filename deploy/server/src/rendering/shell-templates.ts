import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { LiveSnapshot } from '../live-set/live-store';
import { clientRenderedPage } from './assemble-page';
import { inlineScriptHashes, renderShellPage } from './shell-page-template';

/** The live shell's page, prepared once per shell version and live set. */
export interface ShellTemplate {
  html: string;
  /** The page the browser renders itself (no server render): the registry and state embedded. */
  clientHtml: string;
  etag: string;
  scriptHashes: string[];
}

/** Live sets whose templates are kept (the live one, canaries, overrides). */
const TEMPLATES_KEPT = 8;

export const etagOf = (html: string) => `W/"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`;

/** The live shell's page per live set, prepared once each (a failed read is not kept: the next request reads again). */
export function createShellTemplates(config: Pick<ServerConfig, 'buildsDir' | 'runtime'>) {
  const templates = new Map<string, Promise<ShellTemplate>>();
  return {
    of(snapshot: LiveSnapshot): Promise<ShellTemplate> {
      const shellVersion = snapshot.live.versions.shell as string;
      const key = `${shellVersion}|${snapshot.stamp.id}`;
      let prepared = templates.get(key);
      if (!prepared) {
        prepared = fs.readFile(path.join(config.buildsDir, 'shell', shellVersion, 'index.html'), 'utf8').then((raw) => {
          const html = renderShellPage(
            raw,
            { ...config.runtime, buildId: snapshot.stamp.id },
            `/builds/shell/${shellVersion}/`,
          );
          const clientHtml = clientRenderedPage(html, snapshot.remotes, snapshot.incompatible);
          return { html, clientHtml, etag: etagOf(clientHtml), scriptHashes: inlineScriptHashes(html) };
        });
        prepared.catch(() => templates.delete(key));
        templates.set(key, prepared);
        if (templates.size > TEMPLATES_KEPT) templates.delete(templates.keys().next().value as string);
      }
      return prepared;
    },
  };
}

export type ShellTemplates = ReturnType<typeof createShellTemplates>;
