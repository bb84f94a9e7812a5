import fs from 'node:fs';
import path from 'node:path';
import { e2eCmsDir } from './environment';

/** A mail the CMS under test sent, as its capture provider wrote it (deploy/cms/providers/email-capture). */
export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const mailsFile = path.join(e2eCmsDir, 'mails.jsonl');

function readMails(): CapturedMail[] {
  if (!fs.existsSync(mailsFile)) return [];
  return fs
    .readFileSync(mailsFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/** The newest mail to `to`, waiting up to 10 s for it to be written. */
export async function waitForMailTo(to: string): Promise<CapturedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = readMails()
      .filter((candidate) => candidate.to === to)
      .pop();
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in ${mailsFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link in a mail that starts with `prefix`. */
export function linkIn(mail: CapturedMail, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"'<>]*`).exec(`${mail.text}\n${mail.html}`);
  if (!match) throw new Error(`No link starting with ${prefix} in the mail «${mail.subject}»`);
  return match[0].replace(/&amp;/g, '&');
}
