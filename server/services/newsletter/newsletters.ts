import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { type Newsletter, newsletterDeliveries, newsletters, outboxEmails, posts, subscribers } from '../../../db/schema.ts';
import { siteConfig } from '../../../src/config/site.ts';
import {
  type AdminNewsletter,
  NEWSLETTER_PAGE_SIZE,
  type NewsletterFigures,
  type NewsletterInput,
  type NewsletterPage,
  type NewsletterPreview,
} from '../../../src/schemas/newsletter.ts';
import type { PageQuery } from '../../../src/schemas/page.ts';
import { database } from '../../db.ts';
import { env } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { enqueueEmail, enqueueEmails } from '../../mail/outbox.ts';
import { newsletterEmail } from '../../mail/templates.ts';
import { renderPostBody } from '../../markdown/render.ts';
import { readPage } from '../paging.ts';
import { mailBrand } from '../settings.ts';
import { unsubscribeTokens } from './tokens.ts';

// docs/architecture.md "Newsletters": sending makes one delivery row and one outbox email per
// active subscriber, a batch per transaction. The unique (newsletter, subscriber) key means no
// one is queued twice, whichever instance runs the batch and however often it restarts.

export const NEWSLETTER_NOT_FOUND = 'Newsletter not found';
export const NOT_EDITABLE = 'A newsletter that is sending or sent cannot be changed';
export const NO_RECIPIENTS = 'There are no active subscribers to send to';

const iso = (date: Date | null) => date?.toISOString() ?? null;

async function figuresOf(db: Database, rows: Newsletter[]): Promise<Map<number, NewsletterFigures>> {
  const figures = new Map<number, NewsletterFigures>();
  if (rows.length === 0) return figures;
  const counted = await db
    .select({
      id: newsletterDeliveries.newsletterId,
      recipients: sql<number>`count(*)::int`,
      queued: sql<number>`count(*) filter (where ${outboxEmails.status} in ('queued', 'sending'))::int`,
      delivered: sql<number>`count(*) filter (where ${outboxEmails.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${outboxEmails.status} = 'failed')::int`,
      cancelled: sql<number>`count(*) filter (where ${outboxEmails.status} = 'cancelled')::int`,
      unsubscribedSince: sql<number>`count(*) filter (where ${subscribers.status} = 'unsubscribed' and ${subscribers.unsubscribedAt} >= ${newsletters.startedAt})::int`,
    })
    .from(newsletterDeliveries)
    .innerJoin(newsletters, eq(newsletters.id, newsletterDeliveries.newsletterId))
    .leftJoin(outboxEmails, eq(outboxEmails.id, newsletterDeliveries.outboxEmailId))
    .leftJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
    .where(
      inArray(
        newsletterDeliveries.newsletterId,
        rows.map((row) => row.id),
      ),
    )
    .groupBy(newsletterDeliveries.newsletterId);
  for (const { id, ...counts } of counted) figures.set(id, counts);
  return figures;
}

const NO_FIGURES: NewsletterFigures = { recipients: 0, queued: 0, delivered: 0, failed: 0, cancelled: 0, unsubscribedSince: 0 };

function toAdmin(row: Newsletter, figures = NO_FIGURES): AdminNewsletter {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    postId: row.postId,
    status: row.status,
    scheduledFor: iso(row.scheduledFor),
    startedAt: iso(row.startedAt),
    sentAt: iso(row.sentAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    figures,
  };
}

/**
 * One page of newsletters, newest first, each with its figures, the active subscribers and how many
 * newsletters there are. A page past the end is empty.
 */
export async function listNewsletters({ page = 1, pageSize = NEWSLETTER_PAGE_SIZE }: Partial<PageQuery> = {}): Promise<NewsletterPage> {
  const db = await database();
  const [listed, activeSubscribers] = await Promise.all([
    readPage(
      'newsletters',
      { page, pageSize },
      async ({ limit, offset }) => {
        const rows = await db
          .select()
          .from(newsletters)
          .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
          .limit(limit)
          .offset(offset);
        const figures = await figuresOf(db, rows);
        return rows.map((row) => toAdmin(row, figures.get(row.id)));
      },
      () => db.$count(newsletters).then((n) => n),
    ),
    activeSubscriberCount(db),
  ]);
  return { ...listed, activeSubscribers };
}

export async function getNewsletter(id: number): Promise<AdminNewsletter> {
  const db = await database();
  const [row] = await db.select().from(newsletters).where(eq(newsletters.id, id));
  if (!row) throw notFound(NEWSLETTER_NOT_FOUND);
  return toAdmin(row, (await figuresOf(db, [row])).get(row.id));
}

async function assertPost(db: Database, postId: number | null | undefined): Promise<void> {
  if (postId == null) return;
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, postId));
  if (!post) throw badRequest('Post not found');
}

export async function createNewsletter(input: NewsletterInput): Promise<AdminNewsletter> {
  const db = await database();
  await assertPost(db, input.postId);
  const [row] = await db
    .insert(newsletters)
    .values({ subject: input.subject, body: input.body, postId: input.postId ?? null })
    .returning();
  return toAdmin(row!);
}

/** Changes a draft or a scheduled one (which becomes a draft again: a new send must be asked for). */
export async function updateNewsletter(id: number, input: NewsletterInput): Promise<AdminNewsletter> {
  const db = await database();
  await assertPost(db, input.postId);
  const [row] = await db
    .update(newsletters)
    .set({
      subject: input.subject,
      body: input.body,
      postId: input.postId ?? null,
      status: 'draft',
      scheduledFor: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ['draft', 'scheduled'])))
    .returning();
  if (row) return toAdmin(row);
  await getNewsletter(id);
  throw conflict(NOT_EDITABLE);
}

export async function deleteNewsletter(id: number): Promise<void> {
  const db = await database();
  const [row] = await db
    .delete(newsletters)
    .where(and(eq(newsletters.id, id), inArray(newsletters.status, ['draft', 'scheduled'])))
    .returning({ id: newsletters.id });
  if (row) return;
  await getNewsletter(id);
  throw conflict(NOT_EDITABLE);
}

export async function activeSubscriberCount(db?: Database): Promise<number> {
  const client = db ?? (await database());
  const [row] = await client.select({ n: sql<number>`count(*)::int` }).from(subscribers).where(eq(subscribers.status, 'active'));
  return row!.n;
}

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
  if (row) return toAdmin(row);
  await getNewsletter(id);
  throw conflict(NOT_EDITABLE);
}

/** The newsletter as a reader's email will show it (with a sample unsubscribe link). */
export async function previewNewsletter(input: { subject: string; body: string }): Promise<NewsletterPreview> {
  const content = await renderContent(input);
  const brand = await mailBrand();
  return { subject: input.subject, html: newsletterEmail(brand, content, `${brand.url}/newsletter/unsubscribe?token=preview`).html };
}

/** 'Send test': the newsletter to the signed-in admin only, through the outbox. */
export async function sendTestNewsletter(id: number, to: string): Promise<void> {
  const newsletter = await getNewsletter(id);
  const content = await renderContent(newsletter);
  const brand = await mailBrand();
  const db = await database();
  await db.transaction(async (tx) => {
    await enqueueEmail(tx, {
      kind: 'newsletter_test',
      to,
      ...newsletterEmail(brand, content, `${brand.url}/newsletter/unsubscribe?token=test`),
      subject: `[Test] ${newsletter.subject}`,
    });
  });
}

const renderContent = async ({ subject, body }: { subject: string; body: string }) => ({
  subject,
  bodyHtml: await renderPostBody(body),
  bodyText: body,
});

/** The newest published posts, for 'Start from a post'. */
export async function postChoices(limit = 50): Promise<Array<{ id: number; name: string }>> {
  const db = await database();
  return db
    .select({ id: posts.id, name: posts.title })
    .from(posts)
    .where(eq(posts.published, true))
    .orderBy(desc(posts.publishedAt))
    .limit(limit);
}

/** A published post as a newsletter: its title, excerpt and a link to read it whole. */
export async function newsletterFromPost(postId: number): Promise<{ subject: string; body: string; postId: number }> {
  const db = await database();
  const [post] = await db
    .select({ id: posts.id, title: posts.title, slug: posts.slug, excerpt: posts.excerpt })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.published, true)));
  if (!post) throw notFound('Published post not found');
  const url = `${siteConfig().url}/blog/${encodeURIComponent(post.slug)}`;
  const intro = post.excerpt?.trim() ? `${post.excerpt.trim()}\n\n` : '';
  return { subject: post.title, body: `${intro}[Read “${post.title}” on the blog](${url})`, postId: post.id };
}

// ---- Sending (server/jobs/newsletter-sender.ts runs it in every instance)

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
  const brand = await mailBrand();
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
