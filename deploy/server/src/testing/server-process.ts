import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from './free-port';

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** What /api/health answered once the server was up. */
  health: { status: string; pid: number };
  /** Everything the server wrote so far, stdout and stderr. */
  output(): string;
}

/**
 * Starts a real app server as a child process (`node <args>` in `cwd`) on a free loopback port,
 * with only what a server needs from this environment (PATH, HOME; no NODE_OPTIONS or NODE_PATH
 * from the test run) plus `env`, and resolves once /api/health answers. A server that exits or
 * stays silent for `startWithinMs` is killed, and the error carries its output.
 */
export async function startServerProcess(options: {
  args: string[];
  cwd: string;
  env: Record<string, string>;
  startWithinMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: '127.0.0.1', ...options.env },
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const deadline = Date.now() + (options.startWithinMs ?? 20_000);
  while (child.exitCode === null && Date.now() < deadline) {
    const response = await fetch(`${base}/api/health`).catch(() => null);
    if (response?.ok) {
      const health = (await response.json()) as ServerProcess['health'];
      return { child, base, health, output: () => output };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    throw new Error(`no answer from ${base}/api/health:\n${output}`);
  }
  throw new Error(`the app server exited (${child.exitCode}):\n${output}`);
}
