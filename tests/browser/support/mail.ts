import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

/** Every email the journeys' SMTP server received so far, oldest first. */
export async function readEmails(): Promise<ParsedMail[]> {
  const dir = process.env.E2E_MAIL_DIR!;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((name) => simpleParser(readFileSync(path.join(dir, name)))));
}

const recipients = (email: ParsedMail) =>
  (Array.isArray(email.to) ? email.to : email.to ? [email.to] : []).flatMap((to) => to.value.map((mailbox) => mailbox.address));

/** Waits for an email to `to` whose subject matches, delivered over SMTP; the newest such one. */
export async function waitForEmail(to: string, subject: RegExp, { timeout = 15_000 } = {}): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await readEmails()).filter((email) => recipients(email).includes(to) && subject.test(email.subject ?? '')).at(-1);
        return found !== undefined;
      },
      { timeout, message: `an email to ${to} with the subject ${subject}` },
    )
    .toBe(true);
  return found!;
}
