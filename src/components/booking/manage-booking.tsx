'use client';

import { CalendarClock, CalendarX2 } from 'lucide';
import { useEffect, useState } from 'react';
import { ApiError, call, errorMessage, publicApi } from '#src/lib/api-client.ts';
import type { ManagedBooking, Slot } from '#src/schemas/booking.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { Bone } from '../ui/skeleton.tsx';
import { CallTime, useSlots, useVisitorLocale, useVisitorTimeZone } from './booking-flow.tsx';
import { CallPlaceLine } from './call-place.tsx';
import { SlotPicker, SlotPickerSkeleton } from './slot-picker.tsx';
import { formatCallStart, usesTwelveHourClock } from './slot-times.ts';

/** `confirm-late`: past the cut-off, the server said what cancelling now costs; the visitor may still confirm. */
type Mode = 'view' | 'confirm-cancel' | 'confirm-late' | 'reschedule';

const card = 'mx-auto max-w-2xl rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8';

/** /book/manage?token=…: the visitor's call, with cancel and reschedule (the token from their email is the key). */
export function ManageBooking() {
  const [token, setToken] = useState<string | null>(null);
  const [booking, setBooking] = useState<ManagedBooking | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('view');
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [timeZone, setTimeZone] = useVisitorTimeZone();
  const locale = useVisitorLocale();

  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.search).get('token') ?? '';
    setToken(fromLink);
    call(publicApi.bookings.manage.$get({ query: { token: fromLink } }))
      .then(setBooking)
      .catch((error: unknown) => setFailure(errorMessage(error, 'Your booking could not be loaded. Please try again.')));
  }, []);

  async function change(path: 'cancel' | 'reschedule', extra: { start?: string; late?: boolean } = {}) {
    setBusy(true);
    setNotice(null);
    try {
      const manage = publicApi.bookings.manage;
      setBooking(
        await call(
          path === 'cancel'
            ? manage.cancel.$post({ json: { token: token ?? '', ...(extra.late ? { late: true } : {}) } })
            : manage.reschedule.$post({ json: { token: token ?? '', start: extra.start ?? '' } }),
        ),
      );
      setMode('view');
      setNotice(
        path === 'cancel'
          ? 'Your call is cancelled. A confirmation is on its way by email.'
          : 'Your call has moved. An updated invitation is on its way by email.',
      );
    } catch (error) {
      setNotice(errorMessage(error));
      // A cancel after the cut-off is refused once, with the rule: the visitor may confirm it.
      const lateCancel = path === 'cancel' && !extra.late && booking?.freeUntil && Date.parse(booking.freeUntil) <= Date.now();
      if (error instanceof ApiError && error.status === 409) setMode(lateCancel ? 'confirm-late' : 'view');
    } finally {
      setBusy(false);
    }
  }

  if (failure) {
    return (
      <div role="alert" className={`${card} text-center`}>
        <p className="text-lg text-ink">{failure}</p>
        <ButtonLink to="/book" className="mt-6">
          Book a call
        </ButtonLink>
      </div>
    );
  }
  if (!booking) {
    return (
      <div aria-hidden="true" className={card}>
        <Bone className="h-8 w-56" strong />
        <Bone className="mt-4 h-6 w-80 max-w-full" />
        <Bone className="mt-8 h-11 w-64 max-w-full" />
      </div>
    );
  }

  const cancelled = booking.status === 'cancelled';
  const past = new Date(booking.start).getTime() <= Date.now();
  // Past the cut-off or out of moves, it can only be cancelled (the server refuses a move too).
  const movable = !(booking.freeUntil && Date.parse(booking.freeUntil) <= Date.now()) && booking.reschedulesLeft !== 0;
  return (
    <div className="space-y-6">
      <section aria-labelledby="manage-heading" className={card}>
        <h2 id="manage-heading" className="text-2xl font-semibold">
          {cancelled ? 'This call is cancelled' : `Your ${booking.session}, ${booking.name}`}
        </h2>
        <p className={cancelled ? 'mt-3 text-lg text-muted line-through' : 'mt-3 text-lg text-ink'}>
          <CallTime start={booking.start} timeZone={timeZone} locale={locale} />
        </p>
        {booking.place && !cancelled && <CallPlaceLine place={booking.place} className="mt-2 text-ink" />}
        {!cancelled && !past && <SessionRules booking={booking} timeZone={timeZone} locale={locale} />}
        {booking.credit && (
          <p className="mt-2 text-sm text-muted">
            {booking.credit.state === 'used'
              ? `It uses a credit of your package “${booking.credit.package}”: ${booking.credit.left} left.`
              : booking.credit.state === 'returned'
                ? `Its credit is back in your package “${booking.credit.package}”: ${booking.credit.left} left.`
                : `Its credit stays used: ${booking.credit.left} left in your package “${booking.credit.package}”.`}
          </p>
        )}
        {notice && (
          <p role="status" className="mt-5 rounded-control bg-primary-50 px-4 py-3 text-sm text-primary-950">
            {notice}
          </p>
        )}
        {cancelled ? (
          <ButtonLink to="/book" className="mt-6">
            Book another time
          </ButtonLink>
        ) : past ? (
          <p className="mt-5 text-muted">This call has already taken place.</p>
        ) : mode === 'confirm-late' || mode === 'confirm-cancel' ? (
          <div className="mt-6 rounded-control border border-red-200 bg-red-50 p-4">
            <p className="font-semibold text-red-900">{mode === 'confirm-late' ? 'Cancel anyway?' : 'Cancel this call?'}</p>
            <div className="mt-4 flex flex-col gap-3 sm:flex-row">
              <Button variant="destructive" disabled={busy} onClick={() => void change('cancel', { late: mode === 'confirm-late' })}>
                <Icon shapes={CalendarX2} aria-hidden="true" className="size-4" />
                {busy
                  ? 'Cancelling...'
                  : mode === 'confirm-late'
                    ? booking?.paid && !booking.credit
                      ? 'Cancel anyway without a refund'
                      : 'Cancel anyway and use the credit'
                    : 'Yes, cancel the call'}
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => setMode('view')}>
                Keep it
              </Button>
            </div>
          </div>
        ) : (
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            {movable && (
              <Button onClick={() => setMode(mode === 'reschedule' ? 'view' : 'reschedule')} aria-expanded={mode === 'reschedule'}>
                <Icon shapes={CalendarClock} aria-hidden="true" className="size-4" />
                Reschedule
              </Button>
            )}
            <Button variant="outline" onClick={() => setMode('confirm-cancel')}>
              <Icon shapes={CalendarX2} aria-hidden="true" className="size-4" />
              Cancel call
            </Button>
          </div>
        )}
      </section>
      {mode === 'reschedule' && !cancelled && (
        <Reschedule
          token={token ?? ''}
          timeZone={timeZone}
          onTimeZoneChange={setTimeZone}
          locale={locale}
          busy={busy}
          onPick={(slot) => void change('reschedule', { start: slot.start })}
        />
      )}
    </div>
  );
}

function Reschedule({
  token,
  timeZone,
  onTimeZoneChange,
  locale,
  busy,
  onPick,
}: {
  /** The manage link's token: the slots are those its booking can move to. */
  token: string;
  timeZone: string;
  onTimeZoneChange: (zone: string) => void;
  locale: string;
  busy: boolean;
  onPick: (slot: Slot) => void;
}) {
  const { data } = useSlots({ token });
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  return (
    <section aria-labelledby="reschedule-heading" className={card}>
      <h2 id="reschedule-heading" className="text-xl font-semibold">
        Choose a new time
      </h2>
      <div className="mt-5">
        {!data ? (
          <SlotPickerSkeleton />
        ) : (
          <SlotPicker
            slots={data.slots}
            timeZone={timeZone}
            onTimeZoneChange={onTimeZoneChange}
            locale={locale}
            day={day}
            onDayChange={setDay}
            selected={slot}
            onSelect={setSlot}
          />
        )}
      </div>
      <Button className="mt-6 w-full sm:w-auto" disabled={!slot || busy} onClick={() => slot && onPick(slot)}>
        {busy ? 'Moving...' : slot ? `Move to ${formatCallStart(slot.start, timeZone, usesTwelveHourClock(locale))}` : 'Move the call'}
      </Button>
    </section>
  );
}

/** The session's rules as they stand now: until when it moves freely, and how many moves are left. */
export function SessionRules({ booking, timeZone, locale }: { booking: ManagedBooking; timeZone: string; locale: string }) {
  const lines: string[] = [];
  if (booking.freeUntil) {
    const until = formatCallStart(booking.freeUntil, timeZone, usesTwelveHourClock(locale));
    lines.push(
      Date.parse(booking.freeUntil) > Date.now()
        ? `Free to cancel or move until ${until}.`
        : `The free cancellation ended ${until}: it can no longer be moved${booking.credit ? ', and cancelling uses up its credit' : ''}.`,
    );
  }
  if (booking.reschedulesLeft !== null) {
    lines.push(
      booking.reschedulesLeft === 0
        ? 'It cannot be moved again.'
        : `It can be moved ${booking.reschedulesLeft === 1 ? 'once more' : `${booking.reschedulesLeft} more times`}.`,
    );
  }
  return lines.length ? (
    <ul className="mt-3 space-y-1 text-sm text-muted">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  ) : null;
}
