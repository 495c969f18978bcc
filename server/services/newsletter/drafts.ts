import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Newsletter, newsletterDeliveries, newsletters, outboxEmails, posts, subscribers } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import { siteConfig } from '#src/config/site.ts';
import {
  type AdminNewsletter,
  NEWSLETTER_PAGE_SIZE,
  type NewsletterFigures,
  type NewsletterInput,
  type NewsletterPage,
} from '#src/schemas/newsletter.ts';
import type { PageQuery } from '#src/schemas/page.ts';
import { readPage } from '../paging.ts';

// The coach's newsletters as written: drafts, their list with each one's delivery figures, and
// 'Start from a post'. Sending them is ./sending.ts.

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

export function toAdminNewsletter(row: Newsletter, figures = NO_FIGURES): AdminNewsletter {
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
        return rows.map((row) => toAdminNewsletter(row, figures.get(row.id)));
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
  return toAdminNewsletter(row, (await figuresOf(db, [row])).get(row.id));
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
  return toAdminNewsletter(row!);
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
  if (row) return toAdminNewsletter(row);
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
