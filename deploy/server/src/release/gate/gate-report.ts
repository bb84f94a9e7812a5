/**
 * The gate's report of a version, kept in the platform state (beside the builds in
 * `.gate/report/<app>/<version>/` by default, as the main-thread figures are): each rule it ran with its word, and each page it smoke-rendered and
 * smoke-mounted, the mounted ones with a screenshot of what Chromium showed. The deploy console
 * shows it to the app's team; a new run of the gate on the version replaces it, and pruning the
 * version removes it.
 */
import type { Page } from 'playwright-core';
import type { GateReport } from '../../platform-state/platform-state';
import { stateOfFolder } from '../../platform-state/state-of-folder';
import type { RuleResult } from './static-rules';

export type { GateReport };

export function readGateReport(buildsDir: string, app: string, version: string): Promise<GateReport | null> {
  return stateOfFolder(buildsDir).gate.readReport(app, version);
}

/** The screenshot of the report's page `index`; null when it has none. */
export function readGateShot(buildsDir: string, app: string, version: string, index: number): Promise<Buffer | null> {
  return stateOfFolder(buildsDir).gate.readShot(app, version, index);
}

/** What one run of the gate saw, kept when it ends (a run that stops at a refusal keeps what it saw up to it). */
export type GateRecorder = ReturnType<typeof gateRecorder>;

export function gateRecorder(buildsDir: string, app: string, version: string) {
  const report: GateReport = { at: new Date().toISOString(), rules: [], pages: [] };
  const shots = new Map<number, Buffer>();
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
      const index = report.pages.length;
      report.pages.push({ kind: 'mount', url, shot: false });
      const png = await page.screenshot({ timeout: 5_000 }).catch(() => null);
      if (png) shots.set(index, png);
      report.pages[index]!.shot = Boolean(png);
    },
    /** The last run's report replaces the version's one before. */
    save: () => stateOfFolder(buildsDir).gate.writeReport(app, version, report, shots),
  };
}
