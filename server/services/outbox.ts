import { count, desc, eq, sql } from 'drizzle-orm';
import { type OutboxEmail, outboxEmails } from '#db/schema.ts';
import type { OutboxEmailDetail, OutboxEmailSummary, OutboxPage, OutboxStatusFilter, TestEmailResult } from '#src/schemas/outbox.ts';
import { OUTBOX_PAGE_SIZE } from '#src/schemas/outbox.ts';
import type { PageQuery } from '#src/schemas/page.ts';
import { database } from '../db.ts';
import { env } from '../env.ts';
import { conflict, notFound } from '../errors.ts';
import { recordAttempt } from '../mail/delivery.ts';
import { hideTokens } from '../mail/hidden-links.ts';
import { enqueueEmail, openedEmail } from '../mail/outbox.ts';
import { isEmailConfigured } from '../mail/settings.ts';
import { testEmail } from '../mail/templates.ts';
import { sendEmail } from '../mail/transport.ts';
import { recordAudit } from './audit.ts';
import { readPage } from './paging.ts';
import { mailBrand } from './settings.ts';

export const SEALED_EMAIL_TEXT = 'This email holds session notes, which are encrypted at rest and not shown here.';
export const EMAIL_NOT_FOUND = 'Email not found';
export const ONLY_FAILED_RETRY = 'Only a failed email can be retried';
export const NOT_CONFIGURED = 'Email is not configured: set SMTP_URL and MAIL_FROM, then restart';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const toSummary = (row: OutboxEmail): OutboxEmailSummary => ({
  id: row.id,
  kind: row.kind,
  toAddress: row.toAddress,
  subject: row.subject,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: iso(row.sentAt),
  nextAttemptAt: row.nextAttemptAt.toISOString(),
});

/** A page of the outbox, newest first, with the count of each status. */
export async function listOutbox({
  status = 'all',
  page = 1,
  pageSize = OUTBOX_PAGE_SIZE,
}: Partial<{ status: OutboxStatusFilter } & PageQuery> = {}): Promise<OutboxPage> {
  const db = await database();
  const where = status === 'all' ? undefined : eq(outboxEmails.status, status);
  const [listed, byStatus] = await Promise.all([
    readPage(
      'emails',
      { page, pageSize },
      async ({ limit, offset }) =>
        (
          await db
            .select()
            .from(outboxEmails)
            .where(where)
            .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
            .limit(limit)
            .offset(offset)
        ).map(toSummary),
      () => db.$count(outboxEmails, where).then((n) => n),
    ),
    db.select({ status: outboxEmails.status, n: count() }).from(outboxEmails).groupBy(outboxEmails.status),
  ]);
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0, cancelled: 0 };
  for (const row of byStatus) counts[row.status] = row.n;
  return { ...listed, configured: isEmailConfigured(), counts };
}

export async function getOutboxEmail(id: number): Promise<OutboxEmailDetail> {
  const db = await database();
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) throw notFound(EMAIL_NOT_FOUND);
  return {
    ...toSummary(row),
    messageId: row.messageId,
    // A sealed email holds a client's session notes: never shown here, only sent. Links that act
    // for their reader are shown without their token.
    html: row.sealed ? `<p>${SEALED_EMAIL_TEXT}</p>` : hideTokens(row.html),
    text: row.sealed ? SEALED_EMAIL_TEXT : hideTokens(row.text),
    headers: Object.fromEntries(Object.entries(row.headers).map(([name, value]) => [name, hideTokens(value)])),
    smtpResponse: row.smtpResponse,
  };
}

/** Queues a failed email again, due now, with a fresh day of retries. */
export async function retryOutboxEmail(id: number): Promise<OutboxEmailSummary> {
  const db = await database();
  const [row] = await db
    .update(outboxEmails)
    .set({ status: 'queued', nextAttemptAt: sql`now()`, retryUntil: sql`now() + interval '24 hours'`, lastError: null })
    .where(sql`${outboxEmails.id} = ${id} and ${outboxEmails.status} = 'failed'`)
    .returning();
  if (row) return toSummary(row);
  const [exists] = await db.select({ id: outboxEmails.id }).from(outboxEmails).where(eq(outboxEmails.id, id));
  throw exists ? conflict(ONLY_FAILED_RETRY) : notFound(EMAIL_NOT_FOUND);
}

/**
 * Queues a copy of an email to its recipient, due now: the way to send a link again that the outbox
 * shows without its token. The copy is the email as it was written, sealed again if it was sealed.
 */
export async function resendOutboxEmail(id: number): Promise<OutboxEmailSummary> {
  const db = await database();
  const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!row) throw notFound(EMAIL_NOT_FOUND);
  const { html, text } = await openedEmail(row);
  const copyId = await db.transaction(async (tx) => {
    const queued = await enqueueEmail(tx, {
      kind: row.kind,
      to: row.toAddress,
      subject: row.subject,
      html,
      text,
      headers: row.headers,
      calendar: row.calendar ?? undefined,
      sealed: row.sealed,
    });
    await recordAudit(tx, { action: 'email.resent', target: { type: 'email', id: row.id }, details: { kind: row.kind, copy: queued } });
    return queued;
  });
  const [copy] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, copyId));
  return toSummary(copy!);
}

/**
 * 'Send test email': a row like any other (so it is in the outbox's record), claimed at once and
 * sent in the request, so the admin reads the SMTP server's answer.
 */
export async function sendTestEmail(to: string): Promise<TestEmailResult> {
  if (!isEmailConfigured()) throw conflict(NOT_CONFIGURED);
  const db = await database();
  const brand = await mailBrand();
  const email = await db.transaction(async (tx) => {
    const id = await enqueueEmail(tx, { kind: 'test', to, ...testEmail(brand, to) });
    const [claimed] = await tx
      .update(outboxEmails)
      .set({
        status: 'sending',
        attempts: 1,
        lastAttemptAt: sql`now()`,
        leaseUntil: sql`now() + ${`${env().OUTBOX_LEASE_MS} milliseconds`}::interval`,
      })
      .where(eq(outboxEmails.id, id))
      .returning();
    return claimed!;
  });
  const result = await sendEmail(email);
  await recordAttempt(email, result);
  return result.ok ? { sent: true, to, response: result.response } : { sent: false, to, response: result.error };
}
