/**
 * One more app server for a running production arrangement, with one command:
 * `npm run production:add-server` (scripts/add-app-server.ts) sends SIGUSR2 to the process that
 * runs the arrangement (its id in `STATE_DIR/arrangement.pid`), which starts the server and gives
 * it to nginx (production-arrangement.ts, addAppServer). The outcome is one line of the
 * arrangement's `processes.log`, which the command waits for and prints: the new server's
 * address, or why it could not join. A signal rather than a port to listen on: nothing new to
 * secure, and only the user who runs the arrangement (or root) may send it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { processAlive } from '@steel/server/process-alive';

/** SIGUSR1 is Node's debugger; SIGUSR2 is free. */
const ADD_APP_SERVER_SIGNAL = 'SIGUSR2';
export const JOINED_LINE_START = '[app servers] ';
export const FAILED_JOIN_LINE_START = '[app servers] could not add an app server: ';
const JOINED = /^\S+ \[app servers\] (app-\d+) joined at (\S+):/m;
const FAILED = /^\S+ \[app servers\] could not add an app server: (.*)$/m;

/** `stateDir/processes.log`: the supervisor's deaths and restarts, and the servers that joined. */
export function processLogFile(stateDir: string): string {
  return path.join(stateDir, 'processes.log');
}

function pidFile(stateDir: string): string {
  return path.join(stateDir, 'arrangement.pid');
}

/**
 * Adds an app server (`addAppServer`) whenever this process gets SIGUSR2, and says so in
 * `stateDir/arrangement.pid`. Returns what stops listening (and removes the file).
 */
export function addAppServersOnSignal(addAppServer: () => Promise<string>, stateDir: string): () => void {
  // Its failure is logged by addAppServer itself: the asking command reads the log.
  const onSignal = () => void addAppServer().catch(() => undefined);
  process.on(ADD_APP_SERVER_SIGNAL, onSignal);
  fs.writeFileSync(pidFile(stateDir), `${process.pid}\n`);
  return () => {
    process.off(ADD_APP_SERVER_SIGNAL, onSignal);
    fs.rmSync(pidFile(stateDir), { force: true });
  };
}

/** Asks the arrangement running in `stateDir` for one more app server: its name and address. */
export async function askForAppServer(stateDir: string, timeoutMs = 120_000): Promise<{ name: string; url: string }> {
  const file = pidFile(stateDir);
  const pid = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8').trim()) : NaN;
  if (!Number.isInteger(pid) || !processAlive(pid))
    throw new Error(`No production arrangement runs from ${stateDir}: start it with npm run start:production`);
  const log = processLogFile(stateDir);
  const from = fs.existsSync(log) ? fs.statSync(log).size : 0;
  process.kill(pid, ADD_APP_SERVER_SIGNAL);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const added = fs.readFileSync(log).subarray(from).toString('utf8');
    const joined = JOINED.exec(added);
    if (joined) return { name: joined[1]!, url: joined[2]! };
    const failed = FAILED.exec(added);
    if (failed) throw new Error(`The app server could not join: ${failed[1]}`);
    if (Date.now() > deadline)
      throw new Error(`No app server joined within ${timeoutMs / 1000} s: see ${log} and the arrangement's console`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
