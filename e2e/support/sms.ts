import fs from 'node:fs';
import path from 'node:path';
import { e2eCmsDir } from './environment';

/** An SMS the CMS under test sent, as its outbox channel wrote it (deploy/cms/src/sms/outbox.js). */
export interface OutboxSms {
  to: string;
  text: string;
}

const outboxFile = path.join(e2eCmsDir, 'sms.jsonl');

function readOutbox(): OutboxSms[] {
  if (!fs.existsSync(outboxFile)) return [];
  return fs
    .readFileSync(outboxFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxSms);
}

/** The sign-in code of the `nth` SMS (1 = the first) to `mobile`, waiting up to 10 s for it to be written. */
export async function waitForSignInCode(mobile: string, nth = 1): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const sms = readOutbox().filter((candidate) => candidate.to === mobile)[nth - 1];
    const code = sms && /\b(\d{6})\b/.exec(sms.text)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No sign-in code to ${mobile} in ${outboxFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
