'use client';

import { CalendarCheck, CalendarClock, CalendarOff, CalendarSync, History, ListChecks } from 'lucide';
import { useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { timeZoneLabel } from '#src/lib/format-date.ts';
import type { Availability, BookingsPage } from '#src/schemas/booking.ts';
import type { CalendarsScreen } from '#src/schemas/calendars.ts';
import type { SessionType } from '#src/schemas/session-type.ts';
import { Tabs } from '../kit/tabs.tsx';
import { useTimeZone } from '../kit/time-zone.tsx';
import { AvailabilityEditor } from './availability-editor.tsx';
import { BookingsList } from './bookings-list.tsx';
import { CalendarsPanel } from './calendars/calendars-panel.tsx';
import { SessionTypesPanel } from './session-types/session-types-panel.tsx';

/** Says that visitors cannot book while the switch in Settings is off, and where to turn it on. */
function BookingOffNotice() {
  return (
    <div role="status" className="mt-6 flex gap-3 rounded-card border border-accent-300 bg-accent-50 p-4 text-sm sm:p-5">
      <Icon shapes={CalendarOff} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-800" />
      <p className="text-ink">
        <span className="font-semibold text-primary-950">Booking is off.</span> Visitors cannot book until you turn it on in{' '}
        <a href="/admin/settings" className="rounded-sm font-semibold text-primary-700 underline hover:text-primary-950">
          Settings
        </a>
        .
      </p>
    </div>
  );
}

/** /admin/booking: the calls booked (upcoming and past) and the coach's availability. */
export function BookingAdmin({
  upcoming,
  past,
  availability,
  sessionTypes,
  calendars,
  timeZones,
  bookingEnabled,
  currency,
  renderedAt,
}: {
  upcoming: BookingsPage;
  past: BookingsPage;
  availability: Availability;
  sessionTypes: SessionType[];
  calendars: CalendarsScreen;
  timeZones: string[];
  bookingEnabled: boolean;
  /** The site's currency, which session prices are typed in. */
  currency: string;
  renderedAt: number;
}) {
  // Calls are shown in the coach's time zone, as every time in the admin (issue 32 §1); the saved
  // availability's zone reads its weekly hours, its retention the erased topics.
  const timeZone = useTimeZone();
  const [saved, setSaved] = useState(availability);
  const lists = { timeZone, retentionDays: saved.topicRetentionDays, renderedAt };

  return (
    <>
      {!bookingEnabled && <BookingOffNotice />}
      <p className="mt-6 text-sm text-muted">
        Times are in your time zone, <strong className="font-semibold text-primary-950">{timeZoneLabel(timeZone)}</strong>.
        {saved.timeZone !== timeZone && (
          <>
            {' '}
            Weekly hours and days off are read in{' '}
            <strong className="font-semibold text-primary-950">{timeZoneLabel(saved.timeZone)}</strong>.
          </>
        )}
      </p>
      <div className="mt-4">
        <Tabs
          label="Booking"
          tabs={[
            {
              id: 'upcoming',
              label: 'Upcoming',
              icon: CalendarClock,
              panel: <BookingsList when="upcoming" initialPage={upcoming} {...lists} />,
            },
            { id: 'past', label: 'Past', icon: History, panel: <BookingsList when="past" initialPage={past} {...lists} /> },
            {
              id: 'availability',
              label: 'Availability',
              icon: CalendarCheck,
              panel: <AvailabilityEditor initial={availability} timeZones={timeZones} onSaved={setSaved} />,
            },
            {
              id: 'session-types',
              label: 'Session types',
              icon: ListChecks,
              panel: <SessionTypesPanel initial={sessionTypes} currency={currency} />,
            },
            { id: 'calendars', label: 'Calendars', icon: CalendarSync, panel: <CalendarsPanel initial={calendars} /> },
          ]}
        />
      </div>
    </>
  );
}
