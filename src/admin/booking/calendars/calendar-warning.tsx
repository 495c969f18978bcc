import { TriangleAlert } from 'lucide';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { formatDate } from '#src/lib/format-date.ts';
import { asSentence, type CalendarView } from '#src/schemas/calendars.ts';

/**
 * Says plainly that calendars have failed to be read for too long (issue 34 §3), on the dashboard
 * (with the way to them) and above the Calendars screen: booking goes on without them.
 */
export function CalendarWarning({ calendars, timeZone, link = false }: { calendars: CalendarView[]; timeZone: string; link?: boolean }) {
  if (calendars.length === 0) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-card border border-red-200 bg-red-50 p-4 text-sm text-red-900 sm:p-5">
      <Icon shapes={TriangleAlert} aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 space-y-1">
        {calendars.map((calendar) => (
          <p key={calendar.id} className="[overflow-wrap:anywhere]">
            <span className="font-semibold">
              Reading your calendar “{calendar.name}” has failed since {formatDate(calendar.failingSince!, timeZone)}.
            </span>{' '}
            {asSentence(calendar.lastError ?? '')} Visitors can still book, but a time you are busy there may be offered.
          </p>
        ))}
        {link && (
          <Link to="/admin/booking" className="inline-block rounded-sm font-semibold underline hover:text-red-950">
            Check your calendars
          </Link>
        )}
      </div>
    </div>
  );
}
