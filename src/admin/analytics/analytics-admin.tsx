'use client';

import { useRef } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { formatDay } from '#src/lib/format-date.ts';
import { ANALYTICS_RANGES, type AnalyticsRange, type AnalyticsReport, type AnalyticsRow } from '#src/schemas/analytics.ts';
import { ZoneName } from '../kit/time-zone.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { fetchAnalytics } from './api.ts';
import { ViewsChart } from './views-chart.tsx';

const regions = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => {
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
};
const DEVICE_NAMES: Record<string, string> = { desktop: 'Desktop', mobile: 'Phone', tablet: 'Tablet' };

/** /admin/analytics: the site's own, cookieless counts for the last 7, 30 or 90 days. */
export function AnalyticsAdmin({ initial }: { initial: AnalyticsReport }) {
  const days = useRef<AnalyticsRange>(initial.days);
  const { data, refetching, refetch } = useServerData(initial, () => fetchAnalytics(days.current), { title: 'Failed to load analytics' });

  function show(range: AnalyticsRange) {
    days.current = range;
    void refetch();
  }

  return (
    <div className="mt-6 space-y-6" aria-busy={refetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex gap-2">
          <legend className="sr-only">Period</legend>
          {ANALYTICS_RANGES.map((range) => (
            <Button
              key={range}
              variant={data.days === range ? 'primary' : 'outline'}
              size="sm"
              aria-pressed={data.days === range}
              onClick={() => show(range)}
            >
              {range} days
            </Button>
          ))}
        </fieldset>
        <p className="text-sm text-muted" aria-live="polite">
          {formatDay(data.from)} to {formatDay(data.to)} (<ZoneName />){refetching && ' · Refreshing...'}
        </p>
      </div>

      <section aria-labelledby="analytics-overview" className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
        <h2 id="analytics-overview" className="sr-only">
          Overview
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:max-w-md">
          <Figure label="Page views" value={data.totals.views} testId="analytics-views" />
          <Figure
            label="Visitors"
            value={data.totals.visitors}
            testId="analytics-visitors"
            hint="Counted per day: no one is followed from one day to the next."
          />
        </dl>
        <div className="mt-6">
          <ViewsChart series={data.series} />
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <TopList title="Top pages" rows={data.pages} empty="No page views yet." />
        <TopList title="Top referrers" rows={data.referrers} empty="No visits from other sites yet." />
        <TopList title="UTM sources" rows={data.utmSources} empty="No links with utm_source yet." />
        <TopList title="Countries" rows={data.countries} name={countryName} empty="No countries yet." />
        <TopList title="Devices" rows={data.devices} name={(value) => DEVICE_NAMES[value] ?? value} empty="No devices yet." />
        <TopList title="Browsers" rows={data.browsers} empty="No browsers yet." />
      </div>
      <p className="text-sm text-muted">
        Counted by the site itself: no cookies, nothing stored on visitors' devices, no IP address kept; bots, admin pages and visitors
        asking not to be tracked (Do Not Track, Global Privacy Control) are left out.
      </p>
    </div>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: number; hint?: string; testId: string }) {
  return (
    <div>
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="font-display text-3xl font-semibold text-primary-950" data-testid={testId}>
        {value.toLocaleString('en-US')}
      </dd>
      {hint && <dd className="mt-1 text-xs text-muted">{hint}</dd>}
    </div>
  );
}

function TopList({
  title,
  rows,
  empty,
  name = (value) => value,
}: {
  title: string;
  rows: AnalyticsRow[];
  empty: string;
  name?: (value: string) => string;
}) {
  const most = Math.max(1, ...rows.map((row) => row.views));
  const id = `analytics-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{empty}</p>
      ) : (
        <table className="mt-3 w-full table-fixed text-sm">
          <thead className="sr-only">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <td className="relative py-1.5 pr-3">
                  <span
                    aria-hidden="true"
                    className="absolute inset-y-1 left-0 rounded bg-primary-50"
                    style={{ width: `${(row.views / most) * 100}%` }}
                  />
                  <span className="relative block truncate px-2" title={row.value}>
                    {name(row.value)}
                  </span>
                </td>
                <td className="w-20 py-1.5 text-right font-semibold tabular-nums">{row.views.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
