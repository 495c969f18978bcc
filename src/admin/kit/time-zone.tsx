'use client';

import { createContext, type ReactNode, use } from 'react';
import { type DateStyle, formatDate, hasTime, type Instant, timeZoneLabel } from '#src/lib/format-date.ts';

// The coach's time zone (Settings → Time zone) for every date and time the admin shows. The
// protected admin layout reads it from the settings and provides it, so the server's render and
// the browser's use the same zone (issue 32 §1); the browser's own zone is never consulted.

const TimeZoneContext = createContext<string | null>(null);

/** Gives the admin's screens the coach's time zone. */
export function AdminTimeZone({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <TimeZoneContext value={timeZone}>{children}</TimeZoneContext>;
}

/** The coach's time zone (an IANA name), for formatting dates and reading typed times. */
export function useTimeZone(): string {
  const timeZone = use(TimeZoneContext);
  if (timeZone === null) throw new Error('useTimeZone needs the admin layout’s AdminTimeZone above it');
  return timeZone;
}

/** The coach's time zone as the admin names it beside a time: "America/New York". */
export function ZoneName({ className }: { className?: string }) {
  return <span className={className}>{timeZoneLabel(useTimeZone())}</span>;
}

/**
 * An instant in the coach's time zone: "Nov 03, 2026 at 09:00 AM (America/New York)". A time of
 * day carries the zone's name unless `labelled` is false, for a screen that names it once.
 */
export function DateTime({
  at,
  style = 'dateTime',
  labelled = hasTime(style),
  className,
}: {
  at: Instant;
  style?: DateStyle;
  labelled?: boolean;
  className?: string;
}) {
  const timeZone = useTimeZone();
  return (
    <time dateTime={new Date(at).toISOString()} className={className}>
      {formatDate(at, timeZone, style)}
      {labelled && <span className="whitespace-nowrap"> ({timeZoneLabel(timeZone)})</span>}
    </time>
  );
}
