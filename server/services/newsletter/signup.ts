import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { outboxEmails, subscribers } from '#db/schema.ts';
import { contentChanged } from '#server/cache/content-events.ts';
import { database } from '#server/db.ts';
import { badRequest, HttpError, isUniqueViolation } from '#server/errors.ts';
import { afterAnswer } from '#server/jobs/after-answer.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { CONFIRM_LINK_DAYS, newsletterConfirmationEmail } from '#server/mail/templates.ts';
import { CONFIRM_LINK_INVALID, CONFIRM_PAGE_PATH, SIGNUP_CLOSED, UNSUBSCRIBE_LINK_INVALID } from '#src/schemas/newsletter-signup.ts';
import { enforceRateLimit } from '../rate-limits.ts';
import { mailBrand, readSettings } from '../settings.ts';
import { newsletterEmailIdsOf } from './sending.ts';
import { hashToken, randomToken, subscriberOfToken } from './tokens.ts';

// docs/product.md (newsletter, double opt-in): a signup answers the same at once for every
// address; the lookup and the confirmation email happen after the answer. Only a POST of the
// emailed token makes a subscriber active: mail scanners open every link with GET.

const SIGNUPS_PER_IP = 5;
const SIGNUP_WINDOW_MS = 10 * 60 * 1000;
const CONFIRMATION_EVERY_MS = 60 * 60 * 1000;
export const tooManySignups = (minutes: number) => `Too many signups. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export interface Signup {
  email: string;
  firstName?: string;
  lastName?: string;
  source: string;
}

async function assertOpen(): Promise<void> {
  if (!(await readSettings()).newsletterEnabled) throw new HttpError(403, SIGNUP_CLOSED);
}

/** Counts the attempt against the IP (429 past the limit); a real signup is then handled after the answer. */
export async function signUp(signup: Signup | null, ip: string): Promise<void> {
  await assertOpen();
  await enforceRateLimit(`newsletter:ip:${ip}`, SIGNUPS_PER_IP, SIGNUP_WINDOW_MS, tooManySignups);
  if (signup) afterAnswer('newsletter_signup_failed', () => recordSignup(signup));
}

async function recordSignup(signup: Signup): Promise<void> {
  const db = await database();
  const token = randomToken();
  const confirmation = {
    status: 'pending' as const,
    confirmTokenHash: hashToken(token),
    confirmExpiresAt: sql`now() + ${`${CONFIRM_LINK_DAYS} days`}::interval`,
    confirmSentAt: sql`now()`,
  };
  const brand = await mailBrand();
  try {
    await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(subscribers).where(sql`lower(${subscribers.email}) = lower(${signup.email})`).for('update');
      if (existing?.status === 'active') return;
      // Pending, unsubscribed or bounced: a new link, at most one an hour for one address.
      if (existing?.confirmSentAt && existing.confirmSentAt.getTime() > Date.now() - CONFIRMATION_EVERY_MS) return;
      if (existing) {
        await tx
          .update(subscribers)
          .set({ ...confirmation, firstName: signup.firstName ?? existing.firstName, lastName: signup.lastName ?? existing.lastName })
          .where(eq(subscribers.id, existing.id));
      } else {
        await tx
          .insert(subscribers)
          .values({ ...signup, ...confirmation, firstName: signup.firstName ?? null, lastName: signup.lastName ?? null });
      }
      const link = `${brand.url}${CONFIRM_PAGE_PATH}?token=${token}`;
      await enqueueEmail(tx, {
        kind: 'newsletter_confirmation',
        to: existing?.email ?? signup.email,
        ...newsletterConfirmationEmail(brand, link),
      });
    });
  } catch (error) {
    // The same new address signed up twice at once: the other signup sent its link.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** The confirmation link's POST: pending → active, once, within 7 days. */
/**
 * Confirms a pending signup. The link keeps naming its subscriber afterwards (until they leave),
 * so following it again says they are already subscribed rather than that it is broken.
 */
export async function confirmSubscription(token: string): Promise<'confirmed' | 'already'> {
  const db = await database();
  const [row] = await db
    .update(subscribers)
    // A link used is no longer one waiting: should they leave and come back, the next goes at once.
    .set({ status: 'active', confirmedAt: sql`now()`, confirmExpiresAt: null, confirmSentAt: null, unsubscribedAt: null })
    .where(
      and(
        eq(subscribers.confirmTokenHash, hashToken(token)),
        eq(subscribers.status, 'pending'),
        gt(subscribers.confirmExpiresAt, sql`now()`),
      ),
    )
    .returning({ id: subscribers.id });
  if (row) {
    // The confirmation page of this link now says "already subscribed", on every instance.
    await contentChanged({ pages: [CONFIRM_PAGE_PATH] });
    return 'confirmed';
  }
  if ((await confirmLinkState(token)) === 'subscribed') return 'already';
  throw badRequest(CONFIRM_LINK_INVALID);
}

/** What a confirmation link leads to now: a signup to confirm, a subscriber it already confirmed, or nothing. */
export async function confirmLinkState(token: string): Promise<'pending' | 'subscribed' | 'invalid'> {
  if (!token) return 'invalid';
  const db = await database();
  const [row] = await db
    .select({ status: subscribers.status, expired: sql<boolean>`${subscribers.confirmExpiresAt} < now()` })
    .from(subscribers)
    .where(eq(subscribers.confirmTokenHash, hashToken(token)));
  if (row?.status === 'active') return 'subscribed';
  return row?.status === 'pending' && !row.expired ? 'pending' : 'invalid';
}

/**
 * Unsubscribes at once (idempotent; the row stays, with the date), and cancels the newsletter
 * emails still waiting for them, so nothing more reaches them even mid-send.
 */
export async function unsubscribe(token: string): Promise<void> {
  const id = await subscriberOfToken(token);
  if (id === null) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
  const db = await database();
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: subscribers.status }).from(subscribers).where(eq(subscribers.id, id)).for('update');
    if (!row) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
    if (row.status !== 'unsubscribed') {
      await tx
        .update(subscribers)
        .set({ status: 'unsubscribed', unsubscribedAt: sql`now()`, confirmTokenHash: null })
        .where(eq(subscribers.id, id));
    }
    await tx
      .update(outboxEmails)
      .set({ status: 'cancelled', lastError: 'Unsubscribed before it was sent' })
      .where(and(inArray(outboxEmails.id, newsletterEmailIdsOf(tx, id)), eq(outboxEmails.status, 'queued')));
  });
}

/**
 * From the unsubscribe page: the holder of the link asks for the newsletter again. A forwarded
 * newsletter carries that link too, so it is a signup for the reader's address, double opt-in
 * like any other (issue 33 §4): they are pending and sent a confirmation link (at most one an
 * hour), and subscribed only once that link is used. 'already' when they never left.
 */
export async function resubscribe(token: string): Promise<'sent' | 'already'> {
  const id = await subscriberOfToken(token);
  if (id === null) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
  const db = await database();
  const [row] = await db
    .select({ email: subscribers.email, source: subscribers.source, status: subscribers.status })
    .from(subscribers)
    .where(eq(subscribers.id, id));
  if (!row) throw badRequest(UNSUBSCRIBE_LINK_INVALID);
  if (row.status === 'active') return 'already';
  await recordSignup({ email: row.email, source: row.source });
  return 'sent';
}

/** Pending signups whose link has expired are forgotten (housekeeping). */
export async function deleteExpiredSignups(): Promise<number> {
  const db = await database();
  const rows = await db
    .delete(subscribers)
    .where(and(eq(subscribers.status, 'pending'), lt(subscribers.confirmExpiresAt, sql`now()`)))
    .returning({ id: subscribers.id });
  return rows.length;
}
