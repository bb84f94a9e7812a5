/**
 * The port of the gate's smoke server: `DEPLOY_GATE_PORT` (8099), or when another program holds
 * it one of the next few. The pages the gate opens read the CMS from the browser, so the CMS's CORS
 * must allow the port: it allows `DEPLOY_GATE_PORT` and the same next ones
 * (deploy/cms/config/middlewares.js, `GATE_PORT_SPAN` there too).
 */
import net from 'node:net';
import { PortsBusy } from '../system-errors';
import type { Env } from '../../settings/setting-kinds';
import { readSettings } from '../../settings/settings-table';

/** How many ports from DEPLOY_GATE_PORT on the gate may take (and the CMS allows). */
export const GATE_PORT_SPAN = 4;

/** Whether nothing listens on `port` of loopback now. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '127.0.0.1', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The configured port, or the first free one after it; PortsBusy names them all when none is. */
export async function gatePort(env?: Env): Promise<number> {
  const first = readSettings(env).DEPLOY_GATE_PORT;
  for (let port = first; port < first + GATE_PORT_SPAN; port++) if (await isFree(port)) return port;
  throw gatePortsBusy(first);
}

export function gatePortsBusy(first: number, taken = `${first}–${first + GATE_PORT_SPAN - 1}`): PortsBusy {
  return new PortsBusy(
    `The deploy gate's smoke-test port is taken: ${taken} (DEPLOY_GATE_PORT and the ${GATE_PORT_SPAN - 1} after it, which the CMS's CORS allows) are held by other programs (EADDRINUSE); nothing was changed. Stop what holds them or set DEPLOY_GATE_PORT to a free port (for the CMS too), then try again`,
  );
}
