import { z } from 'zod';
import { pageFields } from './page.ts';

// Newsletter subscribers as the admin API answers them (GET /api/admin/subscribers, newest first).

export const SUBSCRIBER_STATUS_FILTERS = ['active', 'pending', 'unsubscribed', 'bounced', 'all'] as const;
export type SubscriberStatus = 'pending' | 'active' | 'unsubscribed' | 'bounced';
export type SubscriberStatusFilter = (typeof SUBSCRIBER_STATUS_FILTERS)[number];

/** Rows per page when the list is paged (`?page=`), and at most (`?pageSize=`). */
export const SUBSCRIBER_PAGE_SIZE = 50;
export const SUBSCRIBER_PAGE_MAX = 500;

/** Which subscribers: a status (active ones when absent) and a search; the list and its CSV export read it. */
export const subscriberFilterSchema = z.object({
  status: z.enum(SUBSCRIBER_STATUS_FILTERS, `status must be one of: ${SUBSCRIBER_STATUS_FILTERS.join(', ')}`).default('active'),
  search: z.string().max(200, 'search must be at most 200 characters').optional(),
});

/** GET /api/admin/subscribers' query: a page, a status, a search. */
export const subscriberQuerySchema = z.object({
  ...pageFields({ size: SUBSCRIBER_PAGE_SIZE, max: SUBSCRIBER_PAGE_MAX }),
  ...subscriberFilterSchema.shape,
});
export type SubscriberQuery = Partial<z.output<typeof subscriberQuerySchema>>;

export interface AdminSubscriber {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  status: SubscriberStatus;
  /** post, footer, services (the signup forms), import or admin. */
  source: string;
  /** ISO 8601. */
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** What an import would do (POST /api/admin/subscribers/import with `confirm: false`), or did. */
export interface SubscriberImport {
  /** People to add (or added), as read from the file. */
  added: Array<{ email: string; firstName: string | null; lastName: string | null }>;
  /** Addresses already on the list, or twice in the file: left as they are. */
  duplicates: string[];
  /** Lines that are not a person: their line number in the file and why. */
  invalid: Array<{ line: number; reason: string }>;
  imported: boolean;
}
