import { spawn } from 'node:child_process';
import { appServerEnv, repoRoot, tsxBin } from './environment';

/** A second app server for tests that need their own set of live builds; stopped by PID. */
export async function startAppServer(options: { port: number; buildsDir: string; env?: Record<string, string> }) {
  // Something already answering there would pass the health check below in our place.
  if (
    await fetch(`http://127.0.0.1:${options.port}/api/health`).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`Port ${options.port} is already in use; give this spec its own port (SPEC_PORTS)`);
  }
  const child = spawn(tsxBin, ['deploy/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...appServerEnv(options.port, options.buildsDir, options.env) },
    stdio: 'inherit',
    detached: true,
  });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`App server on ${url} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    /**
     * Stops the server and resolves once it has exited: it writes its last counts into its builds
     * folder as it closes, so a test must not remove that folder before.
     */
    stop: async () => {
      // The group: tsx runs the server as its own child.
      if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    },
  };
}
