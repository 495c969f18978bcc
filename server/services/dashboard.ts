import { count, eq } from 'drizzle-orm';
import { categories, contactMessages, posts, subscribers } from '#db/schema.ts';
import { database } from '../db.ts';

export interface DashboardCounts {
  totalPosts: number;
  published: number;
  drafts: number;
  subscribers: number;
  categories: number;
  messages: number;
  unreadMessages: number;
}

/** The six summary cards of the dashboard (docs/product.md §2), counted in the database. */
export async function getDashboardCounts(): Promise<DashboardCounts> {
  const db = await database();
  const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [totalPosts, published, subscriberCount, categoryCount, messages, unreadMessages] = await Promise.all([
    total(db.select({ n: count() }).from(posts)),
    total(db.select({ n: count() }).from(posts).where(eq(posts.published, true))),
    // Pending signups (not yet confirmed) and people who left are not subscribers.
    total(db.select({ n: count() }).from(subscribers).where(eq(subscribers.status, 'active'))),
    total(db.select({ n: count() }).from(categories)),
    total(db.select({ n: count() }).from(contactMessages)),
    total(db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.isRead, false))),
  ]);
  return {
    totalPosts,
    published,
    drafts: totalPosts - published,
    subscribers: subscriberCount,
    categories: categoryCount,
    messages,
    unreadMessages,
  };
}
