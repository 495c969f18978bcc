import { desc, eq, sql } from 'drizzle-orm';
import { contactMessages } from '#db/schema.ts';
import { type AdminContactMessage, type AdminContactMessagePage, CONTACT_MESSAGE_PAGE_SIZE } from '#src/schemas/contact-message.ts';
import type { PageQuery } from '#src/schemas/page.ts';
import { database } from '../db.ts';
import { env } from '../env.ts';
import { notFound } from '../errors.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { contactNotification } from '../mail/templates.ts';
import { coachAddress } from './coach-address.ts';
import { readPage } from './paging.ts';
import { enforceRateLimit } from './rate-limits.ts';
import { mailBrand } from './settings.ts';

// docs/security.md#input-validation: 5 messages per 10 minutes per client IP (CONTACT_LIMIT_PER_10_MIN, default 5);
// user agents stored truncated.
export const CONTACT_WINDOW_MS = 10 * 60 * 1000;
const contactLimit = () => env().CONTACT_LIMIT_PER_10_MIN;
const USER_AGENT_MAX = 512;

export const tooManyMessages = (minutes: number) => `Too many messages. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export interface NewContactMessage {
  name: string;
  email: string;
  subject?: string;
  message: string;
  ipAddress: string;
  userAgent: string | null;
}

/** A Reply-To that names the visitor; quotes and backslashes would end the quoted name early. */
const replyToVisitor = (name: string, email: string) => `"${name.replace(/["\\]/g, '')}" <${email}>`;

/**
 * Stores a visitor's message after the per-IP limit, and queues the coach's notice of it in the
 * same transaction; returns the message's id.
 */
export async function createContactMessage(input: NewContactMessage): Promise<number> {
  await enforceRateLimit(`contact:ip:${input.ipAddress}`, contactLimit(), CONTACT_WINDOW_MS, tooManyMessages);
  const db = await database();
  const brand = await mailBrand();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        subject: input.subject ?? null,
        message: input.message,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      })
      .returning({ id: contactMessages.id });
    const id = row!.id;
    const to = await coachAddress(tx, brand);
    if (to) {
      await enqueueEmail(tx, {
        kind: 'contact_notification',
        to,
        headers: { 'Reply-To': replyToVisitor(input.name, input.email) },
        ...contactNotification(brand, { id, ...input }),
      });
    }
    return id;
  });
}

/** A bot filled the honeypot: it is counted against its IP like a message, and nothing is stored. */
export async function countDroppedMessage(ipAddress: string): Promise<void> {
  await enforceRateLimit(`contact:ip:${ipAddress}`, contactLimit(), CONTACT_WINDOW_MS, tooManyMessages);
}

// ---- Admin inbox (docs/product.md §2 "Admin contact messages", §4: unread → read, no way back).

export const MESSAGE_NOT_FOUND = 'Message not found';

const adminColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  subject: contactMessages.subject,
  message: contactMessages.message,
  isRead: contactMessages.isRead,
  createdAt: contactMessages.createdAt,
  ipAddress: contactMessages.ipAddress,
  userAgent: contactMessages.userAgent,
};

const toAdminMessage = ({ createdAt, ...row }: Omit<AdminContactMessage, 'createdAt'> & { createdAt: Date }): AdminContactMessage => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/**
 * One page of the inbox, newest first, with how many messages there are and how many are unread
 * (both counted in one pass, never by loading the rows). A page past the end is empty.
 */
export async function listContactMessages({
  page = 1,
  pageSize = CONTACT_MESSAGE_PAGE_SIZE,
}: Partial<PageQuery> = {}): Promise<AdminContactMessagePage> {
  const db = await database();
  const counts = db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where not ${contactMessages.isRead}))::int`,
    })
    .from(contactMessages)
    .then(([row]) => row ?? { total: 0, unread: 0 });
  const listed = await readPage(
    'messages',
    { page, pageSize },
    async ({ limit, offset }) =>
      (
        await db
          .select(adminColumns)
          .from(contactMessages)
          .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
          .limit(limit)
          .offset(offset)
      ).map(toAdminMessage),
    async () => (await counts).total,
  );
  return { ...listed, unread: (await counts).unread };
}

/** One message, or null: the one a notice email links to may be on any page. */
export async function findContactMessage(id: number): Promise<AdminContactMessage | null> {
  const db = await database();
  const [row] = await db.select(adminColumns).from(contactMessages).where(eq(contactMessages.id, id));
  return row ? toAdminMessage(row) : null;
}

/** Marks a message read; marking it again changes nothing and answers the same. */
export async function markMessageRead(id: number): Promise<AdminContactMessage> {
  const db = await database();
  const [row] = await db.update(contactMessages).set({ isRead: true }).where(eq(contactMessages.id, id)).returning(adminColumns);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return toAdminMessage(row);
}

export async function deleteContactMessage(id: number): Promise<void> {
  const db = await database();
  const [row] = await db.delete(contactMessages).where(eq(contactMessages.id, id)).returning({ id: contactMessages.id });
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
}
