import { z } from 'zod';
import type { SubscriberStatus } from './subscriber.ts';

// Privacy requests (/admin/privacy): everything the site holds about one email address, its
// export as one JSON file, and its erasure; and how long contact messages keep what they hold.

export const privacyEmailSchema = z
  .string('Email is required')
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'));

/** POST /api/admin/privacy/erase. */
export const privacyEraseSchema = z.strictObject({ email: privacyEmailSchema });

/** GET /api/admin/privacy and …/export's query: whose data. */
export const privacyQuerySchema = z.object({ email: privacyEmailSchema });

export const RETENTION_LIMITS = { networkDays: { min: 1, max: 365 }, messageDays: { min: 30, max: 3650 } } as const;

const days = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const retentionSchema = z.strictObject({
  /** A contact message's IP address and user agent are deleted this many days after it arrived. */
  contactNetworkDays: days('Days to keep IP addresses', RETENTION_LIMITS.networkDays),
  /** Contact messages themselves are deleted this many days after they arrived; null keeps them. */
  contactMessageDays: days('Days to keep messages', RETENTION_LIMITS.messageDays).nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;

export const DEFAULT_RETENTION: Retention = { contactNetworkDays: 30, contactMessageDays: null };

/** What GET /api/admin/privacy?email= answers: each kind of record, as the screen lists it. */
export interface PersonalDataSummary {
  email: string;
  contactMessages: { id: number; name: string; subject: string | null; createdAt: string }[];
  subscription: { id: number; status: SubscriberStatus; source: string; createdAt: string } | null;
  newsletterDeliveries: { newsletter: string; createdAt: string }[];
  bookings: { id: number; start: string; status: string; createdAt: string }[];
  emails: { id: number; kind: string; subject: string; status: string; createdAt: string }[];
  /** Their client record (issue 35 §2), with its packages and every credit movement. */
  client: { id: number; name: string; status: string; packages: number; creditMovements: number; createdAt: string } | null;
}

/** What POST /api/admin/privacy/erase answers: how many of each were deleted. */
export interface ErasureCounts {
  contactMessages: number;
  subscriptions: number;
  newsletterDeliveries: number;
  bookings: number;
  emails: number;
  /** The client record, with its packages and credit movements. */
  clients: number;
}
