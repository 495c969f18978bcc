// The admin outbox's shapes (GET /api/admin/outbox and /api/admin/outbox/:id), shared by the
// server and the admin screen.

export const OUTBOX_STATUS_FILTERS = ['all', 'queued', 'sending', 'sent', 'failed', 'cancelled'] as const;
/** cancelled: a newsletter email whose reader unsubscribed before it went out. */
export type OutboxStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'cancelled';
export type OutboxStatusFilter = (typeof OUTBOX_STATUS_FILTERS)[number];

export const OUTBOX_PAGE_SIZE = 25;

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

export interface OutboxPage {
  emails: OutboxEmailSummary[];
  total: number;
  page: number;
  pageSize: number;
  /** SMTP_URL is set: emails are delivered (else they wait here). */
  configured: boolean;
  counts: Record<OutboxStatus, number>;
}

/** What 'Send test email' reports: the SMTP server's answer either way. */
export interface TestEmailResult {
  sent: boolean;
  to: string;
  response: string;
}
