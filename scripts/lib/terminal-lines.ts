/**
 * What `npm start` shows a person of its two processes' output: every line goes to a log file
 * whole (the app server's JSON lines, the CMS's own), and the terminal gets a short line for what a
 * person watches for — started, a deploy, a warning, an error — never one per request.
 */
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';

/** pino's levels the terminal names (info and below are said without a level). */
const LEVEL_WORDS: Record<number, string> = { 40: 'warning', 50: 'error', 60: 'fatal' };

/**
 * One JSON line of the app server (pino) as a person reads it, or null for one that is per
 * request (fastify's incoming and completed lines, a 404's; a warning or an event is said). A line that is not JSON (a stack trace, a
 * compile error) is shown as it is.
 */
export function serverLineForPeople(line: string): string | null {
  let entry: { level?: number; msg?: string; reqId?: string; event?: string; err?: { message?: string } };
  try {
    entry = JSON.parse(line) as typeof entry;
  } catch {
    return line.trim() ? line : null;
  }
  const level = entry.level ?? 30;
  // A request's own lines (fastify's, a 404's) carry its id; an event it caused (a deploy) is said.
  if (level < 30 || (level < 40 && entry.reqId !== undefined && entry.event === undefined)) return null;
  const word = LEVEL_WORDS[level];
  const cause = entry.err?.message && entry.err.message !== entry.msg ? ` (${entry.err.message})` : '';
  return `${word ? `${word}: ` : ''}${entry.msg ?? ''}${cause}`;
}

// eslint-disable-next-line no-control-regex -- Strapi colours its lines for a terminal
const ANSI_COLOUR = /\u001b\[[0-9;]*m/g;

/** One line of the CMS (Strapi's own format) as a person reads it, or null for a request's line. */
export function cmsLineForPeople(line: string): string | null {
  const plain = line.replace(ANSI_COLOUR, '');
  if (!plain.trim()) return null;
  // «[2026-11-30 07:01:19.121] http: GET /api/orders (39 ms) 200»
  return /^\[[^\]]+\] http: [A-Z]+ \//.test(plain) ? null : line;
}

/**
 * Writes every line of a child's stdout and stderr to `file` (appended, as across restarts) and
 * the person's version of it, if any, to the terminal prefixed with the process's name.
 */
export function logToFileAndTerminal(
  name: string,
  streams: Array<Readable | null>,
  file: string,
  forPeople: (line: string) => string | null,
): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const log = fs.createWriteStream(file, { flags: 'a' });
  for (const stream of streams) {
    if (!stream) continue;
    readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      log.write(`${line}\n`);
      const shown = forPeople(line);
      if (shown !== null) console.log(`[${name}] ${shown}`);
    });
  }
}
