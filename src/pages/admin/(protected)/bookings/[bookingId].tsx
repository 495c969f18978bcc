import { notesPage } from '#server/services/practice/session-notes.ts';
import { DateTime } from '#src/admin/kit/time-zone.tsx';
import { SessionNotesEditor } from '#src/admin/notes/session-notes-editor.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';

// Admin → Booking → one session's notes (issue 35 §6).

export default async function BookingNotesPage({ bookingId }: { bookingId: string }) {
  if (!(await currentAdmin())) return null;
  const screen = /^[1-9]\d{0,9}$/.test(bookingId) ? await notesPage(Number(bookingId)) : { status: 404, message: '' };
  if ('status' in screen) {
    setPageStatus(screen.status);
    return screen.status === 404 ? (
      <ScreenHeading title="Booking not found" intro="No session has this address. Go back to Booking to find it." />
    ) : (
      // The notes are under another key than the site's: the message says which.
      <ScreenHeading title="Session notes cannot be opened" intro={screen.message} />
    );
  }
  const { booking } = screen;
  return (
    <>
      <ScreenHeading
        title={`Notes: ${booking.name}`}
        intro={
          <>
            {booking.session} · <DateTime at={booking.start} />
            {booking.status === 'cancelled' && ' · Cancelled'}
          </>
        }
      />
      <SessionNotesEditor screen={screen} now={Date.now()} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
