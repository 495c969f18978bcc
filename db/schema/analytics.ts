import { bigserial, date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// First-party analytics (server/analytics/): cookieless, no IP address stored.

/** Each UTC day's salt for the visitor hash; a day's salt is deleted once the day is over. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date().primaryKey(),
  salt: text().notNull(),
});

/** One public page view, kept 30 days (then only its day's aggregates remain). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    day: date().notNull(),
    path: text().notNull(),
    /** The host of an outside referrer, or null. */
    referrer: text(),
    utmSource: text(),
    device: text().notNull(),
    browser: text().notNull(),
    /** ISO 3166 code from the visitor's time zone, or null. */
    country: text(),
    /** SHA-256 of the day's salt, IP, user agent and site: the same visitor within one day, no one across days. */
    visitor: text().notNull(),
  },
  (t) => [index('analytics_events_day_idx').on(t.day)],
);

/** A past day's figures per dimension (total, path, referrer, utm, device, browser, country). */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date().notNull(),
    dimension: text().notNull(),
    value: text().notNull(),
    views: integer().notNull(),
    visitors: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
);
