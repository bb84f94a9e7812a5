/**
 * Each deploy action the server records (its release-log line) is also one structured log line and
 * a count: an operator follows releases in the logs and the metrics without reading
 * release-log.jsonl. The context of the request (or of the health monitor) that acted says where.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerMetrics } from './metrics';
import { currentContext, type DeployEvent } from './request-context';

/** What the server's request and health-monitor contexts do with a deploy action. */
export function deployEventReporter(log: FastifyBaseLogger, metrics: ServerMetrics) {
  return (deployed: DeployEvent): void => {
    metrics.deployEvent(deployed);
    const { action, app, version, previous, gate, forced, by } = deployed;
    // The health monitor's own actions and refusals are what an operator is woken for.
    const level = action.startsWith('auto-') || action === 'refused' ? 'warn' : 'info';
    log[level](
      { event: 'deploy', action, app, version, previous, gate, forced, by },
      `deploy: ${action} ${app} ${version || '-'} by ${by}`,
    );
  };
}

/** Tells the running context a deploy action was recorded (release/release-log.ts; nothing outside the server). */
export function reportDeployEvent(deployed: DeployEvent): void {
  currentContext().onDeployEvent?.(deployed);
}
