/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config';
import { createServerMetrics } from './metrics';

const OBSERVABILITY = path.join(REPO_ROOT, 'deploy/observability');

/** Every metric a PromQL text names (a histogram's series by the histogram's name). */
function metricsNamed(text: string): string[] {
  const names = text.match(/\b(steel|nodejs|process)_[a-z0-9_]+/g) ?? [];
  return [...new Set(names.map((name) => name.replace(/_(bucket|count|sum)$/, '')))];
}

/** The dashboard and the rules read what the app servers expose: a renamed metric fails here, not on a blank panel. */
describe('the dashboard and the Prometheus rules', () => {
  const { registry } = createServerMetrics();
  const exposed = (name: string) => registry.getSingleMetric(name) !== undefined;

  it('name only metrics the app server exposes', () => {
    const dashboard = JSON.parse(fs.readFileSync(path.join(OBSERVABILITY, 'dashboard.json'), 'utf8')) as {
      panels: Array<{ title: string; targets: Array<{ expr: string }> }>;
    };
    const rules = fs.readFileSync(path.join(OBSERVABILITY, 'rules.yml'), 'utf8');
    const named = metricsNamed(
      [...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)), rules].join('\n'),
    );
    expect(named.filter((name) => !exposed(name))).toEqual([]);
    // Every metric of the server's own is on the dashboard.
    const own = registry
      .getMetricsAsArray()
      .map((metric) => metric.name)
      .filter((name) => name.startsWith('steel_'));
    expect(own.filter((name) => !named.includes(name))).toEqual([]);
  });
});
