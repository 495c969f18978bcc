import * as z from 'zod/mini';
import type { Page } from './page.ts';

// docs/product.md §5 (contact form) with the limits of docs/security.md (2.2.1). Written with zod/mini: the
// contact page validates with this schema in the browser, and mini ships a fraction of zod's
// bytes to it; the server validates with the very same schema.
export const NAME_MESSAGE = 'Name must be at least 2 characters';
export const EMAIL_MESSAGE = 'Please enter a valid email address';
export const MESSAGE_MESSAGE = 'Message must be at least 10 characters';

export const contactMessageSchema = z.strictObject({
  name: z.string(NAME_MESSAGE).check(z.trim(), z.minLength(2, NAME_MESSAGE), z.maxLength(100, 'Name must be at most 100 characters')),
  email: z.pipe(z.string(EMAIL_MESSAGE).check(z.trim(), z.maxLength(254, EMAIL_MESSAGE)), z.email(EMAIL_MESSAGE)),
  subject: z.pipe(
    z.optional(z.string('Subject must be text').check(z.trim(), z.maxLength(200, 'Subject must be at most 200 characters'))),
    z.transform((value) => value || undefined),
  ),
  message: z
    .string(MESSAGE_MESSAGE)
    .check(z.trim(), z.minLength(10, MESSAGE_MESSAGE), z.maxLength(5000, 'Message must be at most 5000 characters')),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.optional(z.string()),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** What POST /api/contact answers. */
export interface ContactMessageCreated {
  id: number;
}

/** A message as the admin API answers it (GET /api/admin/contact-messages, newest first): every stored field. */
export interface AdminContactMessage {
  id: number;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  isRead: boolean;
  /** ISO 8601. */
  createdAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

// The inbox a page at a time (issue 18: no admin screen loads every row). GET
// /api/admin/contact-messages keeps the spec's shape, an array newest first, and says how many
// there are in X-Total-Count and how many of them are unread in X-Unread-Count.

/** Messages per page (`?pageSize=` may ask for up to CONTACT_MESSAGE_PAGE_MAX). */
export const CONTACT_MESSAGE_PAGE_SIZE = 20;
export const CONTACT_MESSAGE_PAGE_MAX = 100;

/** A page of the inbox (`total`: every message, on any page). */
export type AdminContactMessagePage = Page<'messages', AdminContactMessage> & {
  /** Every unread message, on any page. */
  unread: number;
};
