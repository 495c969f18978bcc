import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { newsletterDeliveries, newsletters, subscribers } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { env } from '#server/env.ts';
import { conflict } from '#server/errors.ts';
import type { Brand } from '#server/mail/layout.ts';
import { mailboxText } from '#server/mail/mailbox.ts';
import { enqueueEmail, enqueueEmails } from '#server/mail/outbox.ts';
import { mailSettings } from '#server/mail/settings.ts';
import { newsletterEmail } from '#server/mail/templates.ts';
import { renderPostBody } from '#server/markdown/render.ts';
import type { AdminNewsletter, NewsletterPreview } from '#src/schemas/newsletter.ts';
import { coachAddress } from '../coach-address.ts';
import { currentSettings, mailBrand } from '../settings.ts';
import { activeSubscriberCount, getNewsletter, NO_RECIPIENTS, NOT_EDITABLE, toAdminNewsletter } from './drafts.ts';
import { unsubscribeTokens } from './tokens.ts';

// docs/architecture.md "Newsletters": sending makes one delivery row and one outbox email per
// active subscriber, a batch per transaction. The unique (newsletter, subscriber) key means no
// one is queued twice, whichever instance runs the batch and however often it restarts.
// server/jobs/newsletter-sender.ts runs it in every instance.

/** Sends now (the sender picks it up at once) or at `scheduledFor`; answers the newsletter. */
export async function sendNewsletter(id: number, scheduledFor?: string): Promise<AdminNewsletter> {
  const db = await database();
  if ((await activeSubscriberCount(db)) === 0) throw conflict(NO_RECIPIENTS);
  const later = scheduledFor && Date.parse(scheduledFor) > Date.now() ? new Date(scheduledFor) : null;
  const [row] = await db
    .update(newsletters)
    .set(
      later
        ? { status: 'scheduled', scheduledFor: later, updatedAt: sql`now()` }
        : { status: 'sending', scheduledFor: null, startedAt: sql`now()`, updatedAt: sql`now()` },
    )
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ['draft', 'scheduled'])))
    .returning();
  if (row) return toAdminNewsletter(row);
  await getNewsletter(id);
  throw conflict(NOT_EDITABLE);
}

/** The newsletter as a reader's email will show it (with a sample unsubscribe link). */
export async function previewNewsletter(input: { subject: string; body: string }): Promise<NewsletterPreview> {
  const content = await renderContent(input);
  const brand = await mailBrand();
  return { subject: input.subject, html: newsletterEmail(brand, content, `${brand.url}/newsletter/unsubscribe?token=preview`).html };
}

/**
 * Who a newsletter is from (issue 32 §6): the coach by name "from" the site, at the configured
 * sender's address, and replies go to the coach (coach-address.ts). Read before the transaction
 * that queues it (see mailBrand).
 */
async function newsletterSender(): Promise<{ brand: Brand; headersIn: (tx: Database) => Promise<Record<string, string>> }> {
  const [brand, { coachName }] = await Promise.all([mailBrand(), currentSettings()]);
  const from = mailboxText(`${coachName} from ${brand.name}`, mailSettings().from.address);
  return {
    brand,
    headersIn: async (tx): Promise<Record<string, string>> => {
      const replyTo = await coachAddress(tx, brand);
      return replyTo ? { From: from, 'Reply-To': mailboxText(coachName, replyTo) } : { From: from };
    },
  };
}

/** 'Send test': the newsletter to the signed-in admin only, through the outbox, from whom the readers' copies come. */
export async function sendTestNewsletter(id: number, to: string): Promise<void> {
  const newsletter = await getNewsletter(id);
  const content = await renderContent(newsletter);
  const { brand, headersIn } = await newsletterSender();
  const db = await database();
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      kind: 'newsletter_test',
      to,
      ...newsletterEmail(brand, content, `${brand.url}/newsletter/unsubscribe?token=test`),
      subject: `[Test] ${newsletter.subject}`,
      headers: await headersIn(tx),
    });
  });
}

const renderContent = async ({ subject, body }: { subject: string; body: string }) => ({
  subject,
  bodyHtml: await renderPostBody(body),
  bodyText: body,
});

/** Scheduled newsletters whose time has come start sending. */
export async function startDueNewsletters(): Promise<number> {
  const db = await database();
  const rows = await db
    .update(newsletters)
    .set({ status: 'sending', startedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(newsletters.status, 'scheduled'), lte(newsletters.scheduledFor, sql`now()`)))
    .returning({ id: newsletters.id });
  return rows.length;
}

/**
 * Queues the next batch of one sending newsletter (the one no other instance holds): delivery rows
 * for active subscribers who have none yet, each with its outbox email, in one transaction. A
 * newsletter with nobody left to queue is sent. Returns how many were queued.
 */
export async function queueNextBatch(batchSize = env().NEWSLETTER_BATCH_SIZE): Promise<number> {
  const db = await database();
  const tokenFor = await unsubscribeTokens();
  const { brand, headersIn } = await newsletterSender();
  return db.transaction(async (tx) => {
    const [newsletter] = await tx
      .select()
      .from(newsletters)
      .where(eq(newsletters.status, 'sending'))
      .orderBy(asc(newsletters.startedAt), asc(newsletters.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!newsletter) return 0;
    const candidates = await tx
      .select({ id: subscribers.id, email: subscribers.email })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.status, 'active'),
          sql`not exists (select 1 from ${newsletterDeliveries} d where d.newsletter_id = ${newsletter.id} and d.subscriber_id = ${subscribers.id})`,
        ),
      )
      .orderBy(asc(subscribers.id))
      .limit(batchSize);
    const emails = new Map(candidates.map((candidate) => [candidate.id, candidate.email]));
    const rows =
      candidates.length === 0
        ? []
        : await tx
            .insert(newsletterDeliveries)
            .values(candidates.map((candidate) => ({ newsletterId: newsletter.id, subscriberId: candidate.id })))
            .onConflictDoNothing()
            .returning({ id: newsletterDeliveries.id, subscriberId: newsletterDeliveries.subscriberId });
    if (rows.length === 0) {
      await tx
        .update(newsletters)
        .set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(newsletters.id, newsletter.id));
      return 0;
    }
    const content = await renderContent(newsletter);
    const site = brand.url;
    const sender = await headersIn(tx);
    const ids = await enqueueEmails(
      tx,
      rows.map((row) => {
        const token = tokenFor(row.subscriberId!);
        return {
          kind: 'newsletter',
          to: emails.get(row.subscriberId!)!,
          ...newsletterEmail(brand, content, `${site}/newsletter/unsubscribe?token=${token}`),
          // RFC 8058: mail clients show an Unsubscribe button that POSTs to this URL.
          headers: {
            ...sender,
            'List-Unsubscribe': `<${site}/api/newsletter/unsubscribe?token=${token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        };
      }),
    );
    // Each delivery row learns its email, in one statement.
    const pairs = sql.join(
      rows.map((row, i) => sql`(${row.id}::int, ${ids[i]!}::int)`),
      sql`, `,
    );
    await tx.execute(sql`update ${newsletterDeliveries} set outbox_email_id = pairs.outbox_id
      from (values ${pairs}) as pairs(delivery_id, outbox_id) where ${newsletterDeliveries.id} = pairs.delivery_id`);
    return rows.length;
  });
}

/** A newsletter email refused for good (5xx) marks its reader bounced. */
export async function markBounced(outboxEmailId: number): Promise<void> {
  const db = await database();
  await db
    .update(subscribers)
    .set({ status: 'bounced' })
    .where(
      and(
        eq(subscribers.status, 'active'),
        inArray(
          subscribers.id,
          db
            .select({ id: newsletterDeliveries.subscriberId })
            .from(newsletterDeliveries)
            .where(eq(newsletterDeliveries.outboxEmailId, outboxEmailId)),
        ),
      ),
    );
}

/** The outbox emails that carry newsletters to one subscriber, as a subquery (of a transaction too). */
export const newsletterEmailIdsOf = (db: Database, subscriberId: number) =>
  db
    .select({ id: newsletterDeliveries.outboxEmailId })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.subscriberId, subscriberId));
