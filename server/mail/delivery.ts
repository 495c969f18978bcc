import { and, asc, count, eq, inArray, lte, notInArray, or, sql } from 'drizzle-orm';
import { type OutboxEmail, outboxEmails } from '#db/schema.ts';
import { SealedTextError } from '../crypto/sealed-text.ts';
import { database } from '../db.ts';
import { env } from '../env.ts';
import { log } from '../log.ts';
import { markBounced } from '../services/newsletter/sending.ts';
import { openedEmail } from './outbox.ts';
import { mailSettings } from './settings.ts';
import { type SendResult, sendEmail } from './transport.ts';

// docs/architecture.md "Email". Claims are taken one instance at a time (a transaction-scoped
// advisory lock), so the send rate counted from `last_attempt_at` holds across every instance,
// and FOR UPDATE SKIP LOCKED keeps a row from being claimed twice. A claim is a lease: an instance
// killed mid-send leaves a row in 'sending' that any instance takes again once the lease lapses.

const OUTBOX_CLAIM_LOCK = 72_410_005;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

const now = sql`clock_timestamp()`;
const interval = (ms: number) => sql`${`${ms} milliseconds`}::interval`;

/** The delay before the next try after `attempts` temporary failures: doubling, at most an hour. */
export const retryDelayMs = (attempts: number, baseMs = env().OUTBOX_RETRY_BASE_MS) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);

/**
 * Claims up to `limit` due emails, as many as this second's rate still allows (clock_timestamp:
 * the lock may have been waited for).
 */
export async function claimDueEmails(limit = Number.POSITIVE_INFINITY, skip: number[] = []): Promise<OutboxEmail[]> {
  const db = await database();
  const { maxPerSecond } = mailSettings();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_CLAIM_LOCK})`);
    const [recent] = await tx
      .select({ n: count() })
      .from(outboxEmails)
      .where(sql`${outboxEmails.lastAttemptAt} > ${now} - interval '1 second'`);
    const budget = Math.min(limit, maxPerSecond - recent!.n);
    if (budget <= 0) return [];
    const due = await tx
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(
        and(
          or(
            and(eq(outboxEmails.status, 'queued'), lte(outboxEmails.nextAttemptAt, now)),
            and(eq(outboxEmails.status, 'sending'), lte(outboxEmails.leaseUntil, now)),
          ),
          skip.length > 0 ? notInArray(outboxEmails.id, skip) : undefined,
        ),
      )
      .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.id))
      .limit(budget)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outboxEmails)
      .set({
        status: 'sending',
        attempts: sql`${outboxEmails.attempts} + 1`,
        leaseUntil: sql`${now} + ${interval(env().OUTBOX_LEASE_MS)}`,
        lastAttemptAt: now,
      })
      .where(
        inArray(
          outboxEmails.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Records one attempt's outcome, unless the lease lapsed meanwhile and another claim owns the row. */
export async function recordAttempt(email: OutboxEmail, result: SendResult): Promise<void> {
  const db = await database();
  const ours = and(eq(outboxEmails.id, email.id), eq(outboxEmails.status, 'sending'), eq(outboxEmails.attempts, email.attempts));
  if (result.ok) {
    await db
      .update(outboxEmails)
      .set({ status: 'sent', sentAt: now, smtpResponse: result.response, lastError: null, leaseUntil: null })
      .where(ours);
    return;
  }
  const retry = !result.permanent && email.retryUntil.getTime() > Date.now();
  await db
    .update(outboxEmails)
    .set(
      retry
        ? {
            status: 'queued',
            nextAttemptAt: sql`${now} + ${interval(retryDelayMs(email.attempts))}`,
            lastError: result.error,
            leaseUntil: null,
          }
        : { status: 'failed', lastError: result.error, leaseUntil: null },
    )
    .where(ours);
  log(retry ? 'warn' : 'error', retry ? 'email_retry_scheduled' : 'email_failed', { id: email.id, kind: email.kind, error: result.error });
  // The receiving server refused a reader's address for good: stop sending to it.
  if (!retry && result.permanent && email.kind === 'newsletter') await markBounced(email.id);
}

/** Sends one email, a sealed one opened first: one that cannot be opened (no key, the wrong key) fails for good. */
async function openAndSend(email: OutboxEmail): Promise<SendResult> {
  try {
    return await sendEmail(await openedEmail(email));
  } catch (error) {
    if (error instanceof SealedTextError) return { ok: false, permanent: true, error: error.message };
    throw error;
  }
}

/**
 * Sends what is due now, one after the other, up to a second's worth; the number it tried. Each
 * email is claimed just before it is sent, so the rate counted at the claims is the rate at which
 * sends start, and the SMTP server sees it too.
 */
export async function deliverDueEmails(): Promise<number> {
  const { maxPerSecond } = mailSettings();
  // Each email once per pass: one that failed waits for its next attempt, not for this loop.
  const tried: number[] = [];
  while (tried.length < maxPerSecond) {
    const [email] = await claimDueEmails(1, tried);
    if (!email) break;
    await recordAttempt(email, await openAndSend(email));
    tried.push(email.id);
  }
  return tried.length;
}
