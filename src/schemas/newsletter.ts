import { z } from 'zod';
import { type Page, pageFields } from './page.ts';
import { recordId } from './record-id.ts';

// The admin's newsletters (/api/admin/newsletters), shared by the server and the screen.

export const SUBJECT_MESSAGE = 'Subject is required';
export const BODY_MESSAGE = 'Write the newsletter';

export const newsletterInputSchema = z
  .object({
    subject: z.string(SUBJECT_MESSAGE).trim().min(1, SUBJECT_MESSAGE).max(200, 'Subject must be at most 200 characters'),
    body: z.string(BODY_MESSAGE).trim().min(1, BODY_MESSAGE).max(50_000, 'The newsletter must be at most 50,000 characters'),
    postId: recordId('postId must be a post id').nullable().optional(),
  })
  .strict();

export type NewsletterInput = z.input<typeof newsletterInputSchema>;

/** Send now (no date) or at a date and time with its offset. */
export const sendSchema = z
  .object({
    scheduledFor: z.iso.datetime({ offset: true, error: 'Schedule must be a date and time' }).optional(),
  })
  .strict();

export type NewsletterStatus = 'draft' | 'scheduled' | 'sending' | 'sent';

export interface NewsletterFigures {
  /** People it was (or is being) queued for. */
  recipients: number;
  /** Waiting or being sent. */
  queued: number;
  delivered: number;
  failed: number;
  /** Not sent because they unsubscribed first. */
  cancelled: number;
  /** Recipients who have unsubscribed since it went out. */
  unsubscribedSince: number;
}

export interface AdminNewsletter {
  id: number;
  subject: string;
  body: string;
  postId: number | null;
  status: NewsletterStatus;
  /** ISO 8601 */
  scheduledFor: string | null;
  startedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  figures: NewsletterFigures;
}

export interface NewsletterPreview {
  subject: string;
  html: string;
}

// GET /api/admin/newsletters answers a page at a time (issue 18: no admin screen loads every row):
// `{ newsletters, activeSubscribers }` plus how many there are and which page this is.

/** Newsletters per page (`?pageSize=` may ask for up to NEWSLETTER_PAGE_MAX). */
export const NEWSLETTER_PAGE_SIZE = 20;
export const NEWSLETTER_PAGE_MAX = 100;

/** A page of newsletters, newest first (`total`: every newsletter), and who would receive one now. */
export type NewsletterPage = Page<'newsletters', AdminNewsletter> & { activeSubscribers: number };

export const newsletterPageQuerySchema = z.object(pageFields({ size: NEWSLETTER_PAGE_SIZE, max: NEWSLETTER_PAGE_MAX }));
