import { TriangleAlert } from 'lucide';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { formatDate } from '#src/lib/format-date.ts';
import type { CalendarView } from '#src/schemas/calendars.ts';

/** Says on the dashboard that a calendar has not been read for too long (issue 34 §3): booking goes on without it. */
export function CalendarWarning({ calendars, timeZone }: { calendars: CalendarView[]; timeZone: string }) {
  if (calendars.length === 0) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:p-5">
      <Icon shapes={TriangleAlert} aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {calendars.map((calendar) => (
          <p key={calendar.id} className="[overflow-wrap:anywhere]">
            <span className="font-semibold">
              Your calendar “{calendar.name}” has not been read since {formatDate(calendar.failingSince!, timeZone)}.
            </span>{' '}
            {calendar.lastError} Visitors can still book, but a time you are busy there may be offered.
          </p>
        ))}
        <Link to="/admin/booking" className="inline-block rounded-sm font-semibold underline hover:text-red-950">
          Check your calendars
        </Link>
      </div>
    </div>
  );
}
