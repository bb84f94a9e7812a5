/**
 * The deploy history: one JSON line per publish, gate check, activation (forced or not), refused
 * activation, rollback, canary step and override issued, appended to BUILDS_DIR/history.jsonl and never rewritten — who changed what is
 * live, when, from which version, and what the gate said. A refusal is a line too (`refused`,
 * with the gate's word): someone tried, and the live set stayed as it was.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppName } from './builds-folder';

export interface HistoryEntry {
  at: string;
  action: HistoryAction;
  app: AppName;
  version: string;
  previous: string | null;
  /** `passed`, the refusal line (forced or refused), or `not run (…)`. */
  gate: string;
  /** The reason given with --force, when the gate was overridden. */
  forced: string | null;
  /** Who asked: the deploy key's name through the API, the OS user for the local CLI. */
  by: string;
}

/**
 * `refused`: the gate refused an activation or canary that was not forced (nothing changed).
 * `canary` starts one, `promote` makes it live for all, `abort` returns everyone to the live
 * version; `auto-abort` and `auto-rollback` are the health monitor's, with the figures in `gate`.
 * `check` is the gate run alone; `override` an override cookie issued to the key holder.
 */
export type HistoryAction = 'publish' | 'check' | 'activate' | 'refused' | 'rollback' | 'canary' | 'promote' | 'abort' | 'auto-abort' | 'auto-rollback' | 'override';

export const HISTORY_FILE = 'history.jsonl';

export async function appendHistory(buildsDir: string, entry: Omit<HistoryEntry, 'at'>): Promise<void> {
  await fs.mkdir(buildsDir, { recursive: true });
  // One write of one line with O_APPEND: concurrent writers never interleave within a line.
  await fs.appendFile(path.join(buildsDir, HISTORY_FILE), `${JSON.stringify({ at: new Date().toISOString(), ...entry })}\n`);
}

export async function readHistory(buildsDir: string, app?: AppName): Promise<HistoryEntry[]> {
  const text = await fs.readFile(path.join(buildsDir, HISTORY_FILE), 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as HistoryEntry)
    .filter((entry) => !app || entry.app === app);
}
