import { ArrowRight, CalendarClock } from 'lucide';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { timeZoneLabel } from '#src/lib/format-date.ts';
import type { AdminBooking } from '#src/schemas/booking.ts';
import { callTime } from '../booking/call-time.ts';

/** The dashboard's next intro call (the first confirmed one not yet over), in the coach's time zone (Settings). */
export function NextCall({ call, timeZone }: { call: AdminBooking | null; timeZone: string }) {
  return (
    <section
      aria-labelledby="next-call-heading"
      data-testid="next-call"
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex min-w-0 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-control bg-primary-50 text-primary-800">
          <Icon shapes={CalendarClock} aria-hidden="true" className="size-4" />
        </span>
        <div className="min-w-0">
          <h2 id="next-call-heading" className="font-sans text-sm font-medium text-muted">
            Next intro call
          </h2>
          {call ? (
            <>
              <p className="mt-0.5 font-semibold text-primary-950">
                <time dateTime={call.start}>{callTime(call.start, call.end, timeZone)}</time>{' '}
                <span className="text-sm font-normal text-muted">({timeZoneLabel(timeZone)})</span>
              </p>
              <p className="text-sm text-ink [overflow-wrap:anywhere]">With {call.name}</p>
            </>
          ) : (
            <p className="mt-0.5 font-semibold text-primary-950">No calls booked</p>
          )}
        </div>
      </div>
      <Link
        to="/admin/booking"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-950 sm:ml-auto"
      >
        All calls <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
      </Link>
    </section>
  );
}
