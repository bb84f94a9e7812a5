/**
 * The gate's report of a version, kept beside the builds (`.gate/report/<app>/<version>/`, as the
 * main-thread figures are): each rule it ran with its word, and each page it smoke-rendered and
 * smoke-mounted, the mounted ones with a screenshot of what Chromium showed. The deploy console
 * shows it to the app's team; a new run of the gate on the version replaces it, and pruning the
 * version removes it.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { RuleResult } from './static-rules';

export interface GateReport {
  at: string;
  rules: Array<{ name: string; passed: boolean; detail?: string }>;
  /** `render`: the server's render (no screenshot); `mount`: Chromium's, with `<index>.png`. */
  pages: Array<{ kind: 'render' | 'mount'; url: string; shot: boolean }>;
}

const reportDir = (buildsDir: string, app: string, version: string) =>
  path.join(buildsDir, '.gate', 'report', app, version);

export const gateShotPath = (buildsDir: string, app: string, version: string, index: number) =>
  path.join(reportDir(buildsDir, app, version), `${index}.png`);

export async function readGateReport(buildsDir: string, app: string, version: string): Promise<GateReport | null> {
  try {
    return JSON.parse(
      await fs.readFile(path.join(reportDir(buildsDir, app, version), 'report.json'), 'utf8'),
    ) as GateReport;
  } catch {
    return null;
  }
}

/** A pruned version's report goes with it. */
export const forgetGateReport = (buildsDir: string, app: string, version: string) =>
  fs.rm(reportDir(buildsDir, app, version), { recursive: true, force: true });

/** What one run of the gate saw, written as it goes (a run that stops at a refusal keeps what it saw up to it). */
export type GateRecorder = ReturnType<typeof gateRecorder>;

export function gateRecorder(buildsDir: string, app: string, version: string) {
  const dir = reportDir(buildsDir, app, version);
  const report: GateReport = { at: new Date().toISOString(), rules: [], pages: [] };
  let started: Promise<void> | null = null;
  // The last run's report is replaced, not added to.
  const ready = () =>
    (started ??= fs
      .rm(dir, { recursive: true, force: true })
      .then(() => fs.mkdir(dir, { recursive: true }))
      .then(() => undefined));
  return {
    rule(name: string, result: RuleResult): RuleResult {
      report.rules.push({ name, passed: !result, ...(result ? { detail: result } : {}) });
      return result;
    },
    rendered(url: string): void {
      report.pages.push({ kind: 'render', url, shot: false });
    },
    /** Chromium's view of a mounted page; a screenshot that fails is left out, never a refusal. */
    async mounted(page: Page, url: string): Promise<void> {
      await ready();
      const index = report.pages.length;
      report.pages.push({ kind: 'mount', url, shot: false });
      const shot = await page.screenshot({ path: gateShotPath(buildsDir, app, version, index), timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      report.pages[index]!.shot = shot;
    },
    async save(): Promise<void> {
      await ready();
      await fs.writeFile(path.join(dir, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
    },
  };
}
