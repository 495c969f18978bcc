import { listBookings } from '#server/services/booking/admin-list.ts';
import { readAvailability } from '#server/services/booking/availability.ts';
import { calendarsScreen } from '#server/services/calendars/accounts.ts';
import { listSessionTypes } from '#server/services/session-types.ts';
import { readSettings } from '#server/services/settings.ts';
import { BookingAdmin } from '#src/admin/booking/booking-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { timeZoneChoices } from '#src/lib/time-zones.ts';

export default async function AdminBookingPage() {
  if (!(await currentAdmin())) return null;
  const renderedAt = Date.now();
  const [upcoming, past, availability, settings, sessionTypes, calendars] = await Promise.all([
    listBookings({ when: 'upcoming' }, new Date(renderedAt)),
    listBookings({ when: 'past' }, new Date(renderedAt)),
    readAvailability(),
    readSettings(),
    listSessionTypes(),
    calendarsScreen(new Date(renderedAt)),
  ]);
  return (
    <>
      <ScreenHeading
        title="Booking"
        intro="The sessions clients have booked, the hours they can book them in, what they can book, and the calendars that keep you free."
      />
      <BookingAdmin
        upcoming={upcoming}
        past={past}
        availability={availability}
        sessionTypes={sessionTypes}
        calendars={calendars}
        timeZones={timeZoneChoices(availability.timeZone)}
        bookingEnabled={settings.bookingEnabled}
        currency={settings.currency}
        renderedAt={renderedAt}
      />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
