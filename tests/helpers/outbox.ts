// The outbox tests' mail (tests/api/outbox*.test.ts): a test SMTP server for the file, the owner who is
// told of contact messages, and before each test an environment that sends to that server (retries due
// within milliseconds) and an empty outbox; contact messages sent as a visitor, and the outbox read back.
import { afterEach, beforeAll, beforeEach } from 'bun:test';
import { asc } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { outboxEmails, users } from '#db/schema.ts';
import { deliverDueEmails } from '#server/mail/delivery.ts';
import { closeTransport } from '#server/mail/transport.ts';
import { sendJson } from './app.ts';
import { setEnv } from './env.ts';
import { testSmtpForFile } from './smtp.ts';

export const OWNER = 'owner@coach.example';

/** The calling file's mail (call it after setupTestDatabase): `smtp` is its server. */
export function setupOutboxMail(db: () => Database) {
  const smtp = testSmtpForFile();
  let ipCounter = 0;
  const freshIp = () => `198.51.100.${++ipCounter}`;

  beforeAll(async () => {
    await db().insert(users).values({ email: OWNER, passwordHash: 'x', role: 'admin', isOwner: true });
  });

  let undoEnv: () => void;
  beforeEach(async () => {
    undoEnv = setEnv({
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Summit Coaching" <hello@coach.example>',
      OUTBOX_RETRY_BASE_MS: '10',
      SMTP_MAX_PER_SECOND: '1000',
      CONTACT_EMAIL: undefined,
    });
    await db().delete(outboxEmails);
    smtp.received.length = 0;
  });
  afterEach(() => {
    closeTransport();
    undoEnv();
  });

  /** A contact message from Ada, with `body`'s fields on top, from a fresh IP. */
  const contact = (body: Record<string, unknown>) =>
    sendJson(
      'POST',
      '/api/contact',
      { name: 'Ada Lovelace', email: 'ada@example.com', message: 'I would like to talk about coaching.', ...body },
      { ip: freshIp() },
    );

  const outbox = () => db().select().from(outboxEmails).orderBy(asc(outboxEmails.id));

  /** Runs delivery passes until nothing is queued or sending (retries are due within milliseconds here). */
  async function deliverAll(maxPasses = 200) {
    for (let pass = 0; pass < maxPasses; pass++) {
      await deliverDueEmails();
      const rows = await outbox();
      if (rows.every((row) => row.status === 'sent' || row.status === 'failed')) return rows;
      await Bun.sleep(15);
    }
    throw new Error('the outbox did not settle');
  }

  return { smtp, freshIp, contact, outbox, deliverAll };
}
