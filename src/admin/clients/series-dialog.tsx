'use client';

import { CalendarCheck, CircleCheck, CircleX, Search } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { dayIn, formatDay, timeZoneLabel } from '#src/lib/format-date.ts';
import { plural } from '#src/lib/plural.ts';
import {
  SERIES_EVERY,
  SERIES_EVERY_LABELS,
  SERIES_LIMITS,
  type SeriesInput,
  type SeriesPreview,
  seriesInputSchema,
} from '#src/schemas/booking-series.ts';
import { Dialog, DialogActions } from '../kit/dialog.tsx';
import { FormAlert, NumberField, Options, SelectField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { bookSeries, previewSeries } from './api.ts';

// Admin → Clients → a client → Book a Series (issue 35 §5): the coach picks a session type, the
// first date and time (in the zone of their booking hours), every week or two, how many; "Check
// dates" lists every date with what stops it, in words; "Book N Sessions" shows only when none
// does, for the dates just checked.

interface Draft {
  sessionTypeId: string;
  date: string;
  time: string;
  every: string;
  count: string;
}

const inputOf = (draft: Draft) => ({
  sessionTypeId: Number(draft.sessionTypeId),
  date: draft.date,
  time: draft.time,
  every: Number(draft.every),
  count: draft.count.trim() === '' ? null : Number(draft.count),
});

export function SeriesDialog({
  open,
  client,
  sessionTypes,
  coachTimeZone,
  onClose,
  onBooked,
}: {
  open: boolean;
  client: { id: number; name: string };
  sessionTypes: ReadonlyArray<{ id: number; name: string }>;
  /** The zone the coach's booking hours are in: the series' dates and times are read in it. */
  coachTimeZone: string;
  onClose: () => void;
  onBooked: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      title={`Book ${client.name} into a series`}
      description="The same time every week or every two weeks. Each date is checked against your hours, days off, other bookings and daily limits, and uses one of the client’s credits when a package covers it."
    >
      {open && (
        <SeriesForm clientId={client.id} sessionTypes={sessionTypes} coachTimeZone={coachTimeZone} onCancel={onClose} onBooked={onBooked} />
      )}
    </Dialog>
  );
}

function SeriesForm({
  clientId,
  sessionTypes,
  coachTimeZone,
  onCancel,
  onBooked,
}: {
  clientId: number;
  sessionTypes: ReadonlyArray<{ id: number; name: string }>;
  coachTimeZone: string;
  onCancel: () => void;
  onBooked: () => void;
}) {
  const form = useForm<Draft>(
    {
      sessionTypeId: String(sessionTypes[0]?.id ?? ''),
      date: dayIn(Date.now() + 7 * 24 * 60 * 60 * 1000, coachTimeZone),
      time: '10:00',
      every: '1',
      count: '6',
    },
    (draft) => fieldErrors(seriesInputSchema.safeParse(inputOf(draft))),
    'series',
  );
  const { busy, running, failure, run } = useAction();
  // The dates last checked, for the values they were checked with: any change asks for a new check.
  const [checked, setChecked] = useState<{ key: string; preview: SeriesPreview } | null>(null);
  const key = JSON.stringify(inputOf(form.values));
  const current = checked?.key === key ? checked.preview : null;
  const blocked = current?.occurrences.filter((occurrence) => occurrence.conflicts.length > 0).length ?? 0;

  /** `again`: after a refused booking, whose reason stays shown beside the buttons. */
  async function check(input: SeriesInput, again = false) {
    const preview = await run(
      () => previewSeries(clientId, input),
      { failureTitle: 'Failed to check the dates', fieldError: form.showServerError },
      { stay: true, as: 'check', toastOnly: again },
    );
    if (preview !== FAILED) setChecked({ key: JSON.stringify(input), preview });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    await check(seriesInputSchema.parse(inputOf(form.values)));
  }

  async function book() {
    if (!current || blocked > 0) return;
    const input = seriesInputSchema.parse(inputOf(form.values));
    const done = await run(
      () => bookSeries(clientId, input),
      {
        success: (booked) => ({
          title: 'Series booked',
          description: `${plural(booked.bookings.length, 'session')} of ${current.session}`,
        }),
        failureTitle: 'Failed to book the series',
        fieldError: form.showServerError,
      },
      { as: 'book' },
    );
    if (done !== FAILED) onBooked();
    // Something changed since the check (another booking, a credit used): show the dates as they are now.
    else await check(input, true);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <SelectField {...form.field('sessionTypeId')} label="Session type">
        <Options items={sessionTypes} />
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('date')} type="date" label="First date" />
        <TextField {...form.field('time')} type="time" label="Time" hint={`${timeZoneLabel(coachTimeZone)} time, every date.`} />
        <SelectField {...form.field('every')} label="Repeat">
          <Options items={SERIES_EVERY.map((weeks) => ({ id: weeks, name: SERIES_EVERY_LABELS[weeks] }))} />
        </SelectField>
        <NumberField {...form.field('count')} label="How many sessions" limits={SERIES_LIMITS.count} />
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          <Icon shapes={Search} aria-hidden="true" className="size-4" />
          {running === 'check' ? 'Checking...' : 'Check Dates'}
        </Button>
      </div>

      <div aria-live="polite">
        {checked && !current && <p className="text-sm text-muted">You changed the series: check the dates again before booking.</p>}
        {current && <SeriesDates preview={current} blocked={blocked} />}
      </div>

      <FormAlert message={failure} />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={running === 'book'}>
          Cancel
        </Button>
        {current && blocked === 0 && (
          <Button onClick={book} disabled={busy}>
            <Icon shapes={CalendarCheck} aria-hidden="true" className="size-4" />
            {running === 'book' ? 'Booking...' : `Book ${plural(current.occurrences.length, 'Session')}`}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}

/** The checked dates, each said free (and whether it uses a credit) or why it cannot be booked. */
function SeriesDates({ preview, blocked }: { preview: SeriesPreview; blocked: number }) {
  const total = preview.occurrences.length;
  const credited = preview.occurrences.filter((occurrence) => occurrence.usesCredit).length;
  return (
    <div className="grid gap-2">
      <p className="text-sm font-semibold" role="status">
        {blocked === 0
          ? `All ${total} dates are free.`
          : `${blocked} of ${total} dates cannot be booked. Change the first date, the time or how many, and check again.`}{' '}
        <span className="font-normal text-muted">
          {credited > 0
            ? `${plural(credited, 'session')} will use a credit (${plural(preview.creditsLeft, 'credit')} left now).`
            : 'No package covers these sessions: none uses a credit.'}
        </span>
      </p>
      <ol aria-label="Dates of the series" className="divide-y divide-line rounded-control border border-line text-sm">
        {preview.occurrences.map((occurrence) => {
          const free = occurrence.conflicts.length === 0;
          return (
            <li key={occurrence.start} className="flex items-start gap-2 px-3 py-2">
              <Icon
                shapes={free ? CircleCheck : CircleX}
                aria-hidden="true"
                className={free ? 'mt-0.5 size-4 shrink-0 text-green-700' : 'mt-0.5 size-4 shrink-0 text-red-700'}
              />
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {formatDay(occurrence.date, 'weekdayDate')} at {occurrence.time}
                </p>
                <p className={free ? 'text-muted' : 'text-red-800'}>
                  {free ? `Free${occurrence.usesCredit ? ' · uses a credit' : ''}` : `Cannot be booked: ${occurrence.conflicts.join('; ')}`}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
