'use client';

import { CalendarX2 } from 'lucide';
import { type FormEvent, useRef, useState } from 'react';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { timeZoneLabel } from '#src/lib/format-date.ts';
import { plural } from '#src/lib/plural.ts';
import type { BookingsPage, BookingsWhen } from '#src/schemas/booking.ts';
import { type AdminBooking, adminCancelSchema } from '#src/schemas/booking.ts';
import { answerText } from '#src/schemas/intake-answers.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { TextAreaField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { cancelBooking, fetchBookings } from './api.ts';
import { BookingActions } from './booking-actions.tsx';
import { callTime } from './call-time.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MESSAGE_MAX = 2000;

export const CANCELLED_TOAST = 'Call cancelled. The visitor has been emailed.';

const TEXTS: Record<BookingsWhen, { title: string; empty: string; pages: string }> = {
  upcoming: { title: 'Upcoming calls', empty: 'No upcoming calls', pages: 'Upcoming call pages' },
  past: { title: 'Past and cancelled calls', empty: 'No past or cancelled calls', pages: 'Past call pages' },
};

function status(booking: AdminBooking): { label: string; tone: BadgeTone } {
  if (booking.status === 'confirmed') return { label: 'Confirmed', tone: 'success' };
  return booking.cancelledBy === 'coach'
    ? { label: 'Cancelled by you', tone: 'accent' }
    : { label: 'Cancelled by visitor', tone: 'neutral' };
}

/**
 * What a call's topic line says. The visitor may leave it empty (stored as none), and a past call's
 * topic is erased once the retention period after it has passed: a missing topic older than that
 * was erased, a newer one was never given.
 */
function topicLine(booking: AdminBooking, retentionDays: number, now: number): { text: string; missing: boolean } {
  if (booking.topic !== null) return { text: booking.topic, missing: false };
  const erased = Date.parse(booking.end) < now - retentionDays * DAY_MS;
  return { text: erased ? 'Topic deleted after retention' : 'No topic given', missing: true };
}

/** One tab of /admin/booking: a page of upcoming or past calls, and Cancel call on the confirmed ones ahead. */
export function BookingsList({
  when,
  initialPage,
  timeZone,
  retentionDays,
  renderedAt,
}: {
  when: BookingsWhen;
  initialPage: BookingsPage;
  /** The coach's (the availability's): every time on the screen is read in it. */
  timeZone: string;
  retentionDays: number;
  /** The server's clock at render time, so the first render in the browser says the same. */
  renderedAt: number;
}) {
  const page = useRef(initialPage.page);
  const [now, setNow] = useState(renderedAt);
  const { data, setData, refetching, refetch, dropRefetch } = useServerData(
    initialPage,
    () => fetchBookings(when, page.current),
    { title: 'Failed to load the calls' },
    () => setNow(Date.now()),
  );
  const [cancelling, setCancelling] = useState<AdminBooking | null>(null);
  const texts = TEXTS[when];
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));

  function show(next: number) {
    page.current = next;
    void refetch();
  }

  function changed(booking: AdminBooking) {
    dropRefetch();
    setData((current) => ({ ...current, bookings: current.bookings.map((row) => (row.id === booking.id ? booking : row)) }));
  }

  function cancelled(booking: AdminBooking) {
    setCancelling(null);
    changed(booking);
  }

  return (
    <>
      <ListPanel name={`${when}-calls`} title={texts.title} count={plural(data.total, 'call')} refreshing={refetching} className="mt-0">
        {data.bookings.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message={texts.empty} />
        ) : (
          <ul className="divide-y divide-line">
            {data.bookings.map((booking) => {
              const { label, tone } = status(booking);
              const topic = topicLine(booking, retentionDays, now);
              return (
                <li
                  key={booking.id}
                  className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-6"
                  data-testid="booking-row"
                >
                  <div className="min-w-0 space-y-1">
                    <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <span className="font-semibold text-primary-950">
                        <time dateTime={booking.start}>{callTime(booking.start, booking.end, timeZone)}</time>{' '}
                        <span className="text-sm font-normal text-muted">({timeZoneLabel(timeZone)})</span>
                      </span>
                      <Badge tone={tone} className="px-2 py-0.5">
                        {label}
                      </Badge>
                      {booking.noShow && (
                        <Badge tone="danger" className="px-2 py-0.5">
                          No-show
                        </Badge>
                      )}
                      {booking.calendarPending && (
                        <Badge tone="neutral" className="px-2 py-0.5">
                          Not yet in your calendar
                        </Badge>
                      )}
                    </p>
                    <p className="text-sm">
                      <span className="font-medium text-primary-800 [overflow-wrap:anywhere]">{booking.session}</span>
                      <span aria-hidden="true" className="text-muted">
                        {' · '}
                      </span>
                      <span className="font-medium text-ink [overflow-wrap:anywhere]">{booking.name}</span>
                      <span aria-hidden="true" className="text-muted">
                        {' · '}
                      </span>
                      <a
                        href={`mailto:${booking.email}`}
                        className="break-all rounded-sm text-primary-700 underline hover:text-primary-950"
                      >
                        {booking.email}
                      </a>
                    </p>
                    {/* A session asked with its own questions has their answers instead of a topic. */}
                    {(booking.topic !== null || !booking.answers?.length) && (
                      <p
                        className={
                          topic.missing
                            ? 'text-sm italic text-muted'
                            : 'whitespace-pre-line break-words text-sm text-ink [overflow-wrap:anywhere]'
                        }
                      >
                        {topic.text}
                      </p>
                    )}
                    {booking.answers && booking.answers.length > 0 && (
                      <dl className="grid gap-1.5 pt-1 text-sm">
                        {booking.answers.map(({ question, answer }) => (
                          <div key={question}>
                            <dt className="font-medium text-ink">{question}</dt>
                            <dd className="whitespace-pre-line text-muted [overflow-wrap:anywhere]">{answerText(answer)}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                    <BookingActions booking={booking} now={now} onChanged={changed} />
                  </div>
                  {/* Once it has started it cannot be cancelled (the server says so): a no-show is the choice then. */}
                  {when === 'upcoming' && booking.status === 'confirmed' && Date.parse(booking.start) > now && (
                    <Button variant="outline" size="sm" className="shrink-0 self-start" onClick={() => setCancelling(booking)}>
                      <Icon shapes={CalendarX2} aria-hidden="true" className="size-4" /> Cancel call
                      <span className="sr-only"> with {booking.name}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <Pager label={texts.pages} page={data.page} pages={pages} onPage={show} />
      </ListPanel>
      <CancelCallDialog booking={cancelling} timeZone={timeZone} onClose={() => setCancelling(null)} onCancelled={cancelled} />
    </>
  );
}

function CancelCallDialog({
  booking,
  timeZone,
  onClose,
  onCancelled,
}: {
  booking: AdminBooking | null;
  timeZone: string;
  onClose: () => void;
  onCancelled: (booking: AdminBooking) => void;
}) {
  return (
    <Dialog
      open={booking !== null}
      onOpenChange={(open) => open || onClose()}
      title={booking ? `Cancel the call with ${booking.name}?` : 'Cancel call'}
      description={
        booking &&
        `${callTime(booking.start, booking.end, timeZone)} (${timeZoneLabel(timeZone)}). The visitor is emailed the cancellation, and the time can be booked again.`
      }
    >
      {booking && <CancelCallForm booking={booking} onCancel={onClose} onCancelled={onCancelled} />}
    </Dialog>
  );
}

function CancelCallForm({
  booking,
  onCancel,
  onCancelled,
}: {
  booking: AdminBooking;
  onCancel: () => void;
  onCancelled: (booking: AdminBooking) => void;
}) {
  const form = useForm({ message: '' }, (values) => fieldErrors<'message'>(adminCancelSchema.safeParse(values)), 'cancel-call');
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(['message'])) return;
    const answer = await run(() => cancelBooking(booking.id, form.values.message), {
      success: { title: CANCELLED_TOAST },
      failureTitle: 'Failed to cancel the call',
    });
    if (answer !== FAILED) onCancelled(answer);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <TextAreaField
        {...form.field('message')}
        label="Message to the visitor"
        optional
        rows={4}
        maxLength={MESSAGE_MAX}
        hint={`Added to the cancellation email. At most ${MESSAGE_MAX} characters.`}
      />
      <DialogFormActions
        failure={failure}
        busy={busy}
        onCancel={onCancel}
        submitLabel="Cancel call"
        busyLabel="Cancelling..."
        icon={<Icon shapes={CalendarX2} aria-hidden="true" className="size-4" />}
      />
    </form>
  );
}
