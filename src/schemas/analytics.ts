import { z } from 'zod';

// First-party analytics: the beacon each public page sends (POST /api/analytics/event) and the
// admin's report (GET /api/admin/analytics?days=7|30|90).

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** The beacon: short keys, a few dozen bytes. */
export const pageViewSchema = z.strictObject({
  /** The path, from its first slash (no query). */
  p: z.string().min(1).max(500).startsWith('/'),
  /** document.referrer on the first view, '' after. */
  r: z.string().max(2_000).optional(),
  /** utm_source of the address, if any. */
  u: z.string().max(100).nullable().optional(),
  /** The visitor's IANA time zone: its country is counted, nothing more. */
  z: z.string().max(64).optional(),
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
