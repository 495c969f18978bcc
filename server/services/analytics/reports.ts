import { sql } from 'drizzle-orm';
import type { AnalyticsRange, AnalyticsReport, AnalyticsRow } from '../../../src/schemas/analytics.ts';
import { database } from '../../db.ts';
import { utcDay } from './page-views.ts';

// Raw page views are kept 30 days; each finished day is rolled up into per-dimension figures
// (analytics_daily), which the report reads for past days. Today is counted live from the raw
// views, so a view shows in the report as soon as its batch is written.

export const RAW_DAYS_KEPT = 30;
const TOP = 10;

const DIMENSIONS = {
  total: sql`''`,
  path: sql`path`,
  referrer: sql`referrer`,
  utm: sql`utm_source`,
  device: sql`device`,
  browser: sql`browser`,
  country: sql`country`,
} as const;
type Dimension = keyof typeof DIMENSIONS;

const dayBefore = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Each dimension's figures per day, from the raw views matching `where`. */
function aggregate(where: ReturnType<typeof sql>) {
  return sql.join(
    Object.entries(DIMENSIONS).map(
      ([dimension, value]) => sql`select day::text as day, ${dimension}::text as dimension, ${value}::text as value,
        count(*)::int as views, count(distinct visitor)::int as visitors
        from analytics_events where ${where} and ${value} is not null
        group by day${dimension === 'total' ? sql`` : sql`, ${value}`}`,
    ),
    sql` union all `,
  );
}

/**
 * Rolls up every finished day not rolled up yet, and yesterday again (views written late by an
 * instance's last batch before midnight); deletes raw views past 30 days. Returns the days rolled.
 */
export async function rollUpPageViews(now = new Date()): Promise<number> {
  const db = await database();
  const today = utcDay(now);
  const yesterday = dayBefore(today, 1);
  const rows = await db.execute(sql`
    insert into analytics_daily (day, dimension, value, views, visitors)
    select day::date, dimension, value, views, visitors from (${aggregate(sql`day < ${today}::date and (day >= ${yesterday}::date or day not in
      (select day from analytics_daily where dimension = 'total'))`)}) figures
    on conflict (day, dimension, value) do update set views = excluded.views, visitors = excluded.visitors
    returning day`);
  await db.execute(sql`delete from analytics_events where day < ${dayBefore(today, RAW_DAYS_KEPT)}::date`);
  return new Set(rowsOf(rows).map((row) => String(row.day))).size;
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

interface Figure {
  day: string;
  dimension: Dimension;
  value: string;
  views: number;
  visitors: number;
}

/** Every figure of the days from `from` on: rolled-up days, and the rest counted live. */
async function figuresSince(from: string, dimensions?: Dimension[]): Promise<Figure[]> {
  const db = await database();
  const only = dimensions
    ? sql`and dimension in (${sql.join(
        dimensions.map((d) => sql`${d}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    select * from (
      select day::text as day, dimension, value, views, visitors from analytics_daily where day >= ${from}::date
      union all
      ${aggregate(sql`day >= ${from}::date and day not in (select day from analytics_daily where dimension = 'total' and day >= ${from}::date)`)}
    ) figures where true ${only}`);
  return rowsOf(result).map((row) => ({
    day: String(row.day),
    dimension: row.dimension as Dimension,
    value: String(row.value),
    views: Number(row.views),
    visitors: Number(row.visitors),
  }));
}

function top(figures: Figure[], dimension: Dimension): AnalyticsRow[] {
  const rows = new Map<string, AnalyticsRow>();
  for (const figure of figures) {
    if (figure.dimension !== dimension) continue;
    const row = rows.get(figure.value) ?? { value: figure.value, views: 0, visitors: 0 };
    row.views += figure.views;
    row.visitors += figure.visitors;
    rows.set(figure.value, row);
  }
  return [...rows.values()].sort((a, b) => b.views - a.views || a.value.localeCompare(b.value)).slice(0, TOP);
}

export async function readAnalytics(days: AnalyticsRange, now = new Date()): Promise<AnalyticsReport> {
  const to = utcDay(now);
  const from = dayBefore(to, days - 1);
  const figures = await figuresSince(from);
  const totals = new Map(figures.filter((figure) => figure.dimension === 'total').map((figure) => [figure.day, figure]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = dayBefore(to, days - 1 - i);
    return { day, views: totals.get(day)?.views ?? 0, visitors: totals.get(day)?.visitors ?? 0 };
  });
  return {
    days,
    from,
    to,
    totals: series.reduce((sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }), {
      views: 0,
      visitors: 0,
    }),
    series,
    pages: top(figures, 'path'),
    referrers: top(figures, 'referrer'),
    utmSources: top(figures, 'utm'),
    devices: top(figures, 'device'),
    browsers: top(figures, 'browser'),
    countries: top(figures, 'country'),
  };
}

/** Views of each post page (`/blog/{slug}`) in the last 30 days, by slug. */
export async function postViews(now = new Date()): Promise<Record<string, number>> {
  const figures = await figuresSince(dayBefore(utcDay(now), RAW_DAYS_KEPT - 1), ['path']);
  const views: Record<string, number> = {};
  for (const { value, views: count } of figures) {
    const slug = /^\/blog\/([^/]+)$/.exec(value)?.[1];
    if (slug) views[slug] = (views[slug] ?? 0) + count;
  }
  return views;
}
