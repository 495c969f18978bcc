import { z } from 'zod';

// First-party analytics: the beacon each public page sends (POST /api/analytics/event) and the
// admin's report (GET /api/admin/analytics?days=7|30|90).

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];
const RANGE_MESSAGE = 'days must be 7, 30 or 90';

/** GET /api/admin/analytics' query: the last 7, 30 (when absent) or 90 days. */
export const analyticsQuerySchema = z.object({
  days: z
    .enum(['7', '30', '90'], RANGE_MESSAGE)
    .default('30')
    .transform((days) => Number(days) as AnalyticsRange),
});

/** One line of well-formed text: no control character (Postgres refuses NUL) and no lone surrogate. */
const plain = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value) && value.isWellFormed());

/** The beacon: short keys, a few dozen bytes. */
export const pageViewSchema = z.strictObject({
  /** The path, from its first slash (no query): the site's own addresses are lower-case ASCII. */
  p: z.string().regex(/^\/[a-z0-9/_.~-]{0,200}$/),
  /** document.referrer on the first view, '' after. */
  r: plain(2_000).optional(),
  /** utm_source of the address, if any. */
  u: plain(100).nullable().optional(),
  /** The visitor's IANA time zone: its country is counted, nothing more. */
  z: plain(64).optional(),
});

export interface AnalyticsRow {
  value: string;
  views: number;
  visitors: number;
}

export interface AnalyticsReport {
  days: AnalyticsRange;
  /** First and last day shown (UTC, YYYY-MM-DD). */
  from: string;
  to: string;
  /** Views in the range; visitors summed over its days (a visitor is known within one day only). */
  totals: { views: number; visitors: number };
  series: Array<{ day: string; views: number; visitors: number }>;
  pages: AnalyticsRow[];
  referrers: AnalyticsRow[];
  utmSources: AnalyticsRow[];
  devices: AnalyticsRow[];
  browsers: AnalyticsRow[];
  countries: AnalyticsRow[];
}
