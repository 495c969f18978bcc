import { contactMessages } from '../../db/schema.ts';
import { database } from '../db.ts';
import { enforceRateLimit } from './rate-limits.ts';

// SECURITY.md §2.3: 5 messages per 10 minutes per client IP; user agents stored truncated.
export const CONTACT_LIMIT = 5;
export const CONTACT_WINDOW_MS = 10 * 60 * 1000;
const USER_AGENT_MAX = 512;

export const tooManyMessages = (minutes: number) =>
  `Too many messages. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

export interface NewContactMessage {
  name: string;
  email: string;
  subject?: string;
  message: string;
  ipAddress: string;
  userAgent: string | null;
}

/** Stores a visitor's message after the per-IP limit; returns its id. */
export async function createContactMessage(input: NewContactMessage): Promise<number> {
  await enforceRateLimit(`contact:ip:${input.ipAddress}`, CONTACT_LIMIT, CONTACT_WINDOW_MS, tooManyMessages);
  const db = await database();
  const [row] = await db
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
  return row!.id;
}

/** A bot filled the honeypot: it is counted against its IP like a message, and nothing is stored. */
export async function countDroppedMessage(ipAddress: string): Promise<void> {
  await enforceRateLimit(`contact:ip:${ipAddress}`, CONTACT_LIMIT, CONTACT_WINDOW_MS, tooManyMessages);
}
