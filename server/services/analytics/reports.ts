import { sql } from 'drizzle-orm';
import { database } from '#server/db.ts';
import type { AnalyticsRange, AnalyticsReport, AnalyticsRow } from '#src/schemas/analytics.ts';
import { analyticsDay } from './page-views.ts';

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
  const today = await analyticsDay(now);
  const yesterday = dayBefore(today, 1);
  const rows = await db.execute(sql`
    insert into analytics_daily (day, dimension, value, views, visitors)
    select day::date, dimension, value, views, visitors from (${aggregate(sql`day < ${today}::date and (day >= ${yesterday}::date or day not in
      (select day from analytics_daily where dimension = 'total'))`)}) figures
    -- One order for every instance's rollup: two at once take their row locks in turn, never crosswise.
    order by day, dimension, value
    on conflict (day, dimension, value) do update set views = excluded.views, visitors = excluded.visitors
    returning day`);
  await db.execute(sql`delete from analytics_events where day < ${dayBefore(today, RAW_DAYS_KEPT)}::date`);
  return new Set(rowsOf(rows).map((row) => String(row.day))).size;
}

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];

/**
 * The figures of the days from `from` on, as one SQL source: rolled-up days, and the rest (today)
 * counted live from the raw views. Summed and ranked in SQL, so a report reads a few hundred rows
 * however many distinct pages or referrers were seen.
 */
const figuresSince = (from: string) => sql`(
  select day::text as day, dimension, value, views, visitors from analytics_daily where day >= ${from}::date
  union all
  ${aggregate(sql`day >= ${from}::date and day not in (select day from analytics_daily where dimension = 'total' and day >= ${from}::date)`)}
) figures`;

const REPORTED: Record<Exclude<Dimension, 'total'>, keyof Omit<AnalyticsReport, 'days' | 'from' | 'to' | 'totals' | 'series'>> = {
  path: 'pages',
  referrer: 'referrers',
  utm: 'utmSources',
  device: 'devices',
  browser: 'browsers',
  country: 'countries',
};

export async function readAnalytics(days: AnalyticsRange, now = new Date()): Promise<AnalyticsReport> {
  const to = await analyticsDay(now);
  const from = dayBefore(to, days - 1);
  const db = await database();
  const [totalRows, topRows] = await Promise.all([
    db.execute(sql`select day, views, visitors from ${figuresSince(from)} where dimension = 'total'`),
    db.execute(sql`
      select dimension, value, views, visitors from (
        select dimension, value, sum(views)::int as views, sum(visitors)::int as visitors,
          row_number() over (partition by dimension order by sum(views) desc, value) as rank
        from ${figuresSince(from)} where dimension <> 'total' group by dimension, value
      ) ranked where rank <= ${TOP} order by dimension, rank`),
  ]);
  const totals = new Map(rowsOf(totalRows).map((row) => [String(row.day), { views: Number(row.views), visitors: Number(row.visitors) }]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = dayBefore(to, days - 1 - i);
    return { day, views: totals.get(day)?.views ?? 0, visitors: totals.get(day)?.visitors ?? 0 };
  });
  const report: AnalyticsReport = {
    days,
    from,
    to,
    totals: series.reduce((sum, day) => ({ views: sum.views + day.views, visitors: sum.visitors + day.visitors }), {
      views: 0,
      visitors: 0,
    }),
    series,
    pages: [],
    referrers: [],
    utmSources: [],
    devices: [],
    browsers: [],
    countries: [],
  };
  for (const row of rowsOf(topRows)) {
    const list: AnalyticsRow[] = report[REPORTED[row.dimension as Exclude<Dimension, 'total'>]];
    list.push({ value: String(row.value), views: Number(row.views), visitors: Number(row.visitors) });
  }
  return report;
}

/** Views of each post page (`/blog/{slug}`) in the last 30 days, by slug; only these slugs' when given (a page of a list). */
export async function postViews(now = new Date(), slugs?: string[]): Promise<Record<string, number>> {
  const [db, today] = await Promise.all([database(), analyticsDay(now)]);
  const only = slugs ? sql`and value in ${slugs.length ? slugs.map((slug) => `/blog/${slug}`) : ['']}` : sql``;
  const rows = await db.execute(sql`
    select substr(value, 7) as slug, sum(views)::int as views from ${figuresSince(dayBefore(today, RAW_DAYS_KEPT - 1))}
    where dimension = 'path' and value like '/blog/%' and position('/' in substr(value, 7)) = 0 ${only}
    group by value`);
  return Object.fromEntries(rowsOf(rows).map((row) => [String(row.slug), Number(row.views)]));
}
