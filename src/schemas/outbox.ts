import { z } from 'zod';
import { type Page, pageFields } from './page.ts';

// The admin outbox's shapes (GET /api/admin/outbox and /api/admin/outbox/:id), shared by the
// server and the admin screen.

export const OUTBOX_STATUS_FILTERS = ['all', 'queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
/** cancelled: a newsletter email whose reader unsubscribed before it went out. */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';
export type OutboxStatusFilter = (typeof OUTBOX_STATUS_FILTERS)[number];

export const OUTBOX_PAGE_SIZE = 25;

/** GET /api/admin/outbox's query: a status (every email when absent) and a page. */
export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUS_FILTERS, `status must be one of: ${OUTBOX_STATUS_FILTERS.join(', ')}`).default('all'),
  ...pageFields({ size: OUTBOX_PAGE_SIZE }),
});

export interface OutboxEmailSummary {
  id: number;
  kind: string;
  toAddress: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  lastError: string | null;
  /** ISO 8601 */
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string;
}

export interface OutboxEmailDetail extends OutboxEmailSummary {
  messageId: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  smtpResponse: string | null;
}

export type OutboxPage = Page<'emails', OutboxEmailSummary> & {
  /** SMTP_URL is set: emails are delivered (else they wait here). */
  configured: boolean;
  counts: Record<OutboxStatus, number>;
};

/** What 'Send test email' reports: the SMTP server's answer either way. */
export interface TestEmailResult {
  sent: boolean;
  to: string;
  response: string;
}
