'use client';

import { Plus, Trash2, X } from 'lucide';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { type Availability, BOOKING_LIMITS, type HoursRange, PLACE_LIMITS, WEEKDAYS, type Weekday } from '#src/schemas/booking.ts';
import { controlClass, NumberField, SelectField, SwitchField, TextAreaField, TextField, TimeZoneField } from '../kit/fields.tsx';
import { FormSaveBar, FormSection } from '../kit/form-section.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { type FormErrors, useForm } from '../kit/use-form.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { saveAvailability } from './api.ts';
import {
  availabilityOf,
  controlIdOf,
  DAY_OFF_INPUT_ID,
  draftErrors,
  draftOf,
  errorOrder,
  ID_PREFIX,
  nextRange,
  rangeInputId,
} from './availability-form.ts';
import { dayLabel } from './call-time.ts';

const DAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The Calls section's numbers, in order: each field's name, its words and whether it may be empty. */
const CALL_FIELDS = [
  { name: 'callMinutes', label: 'Call length (minutes)', required: true, step: 5 },
  { name: 'bufferMinutes', label: 'Buffer (minutes)', required: true, step: 5, hint: 'Kept free before and after each call.' },
  { name: 'minNoticeHours', label: 'Minimum notice (hours)', required: true, hint: 'How soon a call can be booked, at the earliest.' },
  { name: 'horizonDays', label: 'Booking window (days)', required: true, hint: 'How far ahead visitors can book.' },
  { name: 'dailyCap', label: 'Calls per day', optional: true, hint: 'Leave empty for no limit.' },
] as const;

/** The Availability tab of /admin/booking: when visitors may book, saved together with PUT. */
export function AvailabilityEditor({
  initial,
  timeZones,
  onSaved,
}: {
  initial: Availability;
  /** The server's list of zones (the browser's may differ). */
  timeZones: string[];
  onSaved: (availability: Availability) => void;
}) {
  // Every message comes from the whole availability's parse, as the server would give it; focus
  // goes to the first one in the form's order, ranges included.
  const form = useForm(draftOf(initial), draftErrors, ID_PREFIX, {
    order: (draft) => errorOrder(draft.weeklyHours),
    controlId: controlIdOf,
  });
  const saving = useAction();
  const { weeklyHours, daysOff } = form.values;
  const errors = form.errors;
  useLeaveGuard(form.dirty);

  function setDay(day: Weekday, change: (ranges: HoursRange[]) => HoursRange[]) {
    form.set('weeklyHours', (current) => ({ ...current, [day]: change(current[day]) }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check() || !form.dirty) return;
    const next = await saving.run(
      () => saveAvailability(availabilityOf(form.values)),
      { success: { title: 'Availability saved' }, failureTitle: 'Failed to save the availability' },
      { stay: true },
    );
    if (next === FAILED) return;
    form.reset(draftOf(next));
    onSaved(next);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={saving.busy} className="space-y-6">
      <FormSection
        id="availability-zone"
        title="Time zone"
        intro="Weekly hours and days off are read in this zone. Visitors see times in their own."
      >
        <TimeZoneField {...form.field('timeZone')} timeZones={timeZones} label="Time zone" className="sm:col-span-2 sm:max-w-md" />
      </FormSection>

      <FormSection
        id="availability-hours"
        title="Weekly hours"
        intro={`The times of each day when calls can start and end. Up to ${BOOKING_LIMITS.rangesPerDay} ranges a day.`}
        layout="mt-3 divide-y divide-line"
      >
        {WEEKDAYS.map((day) => (
          <DayHours key={day} day={day} ranges={weeklyHours[day]} errors={errors} onChange={(change) => setDay(day, change)} />
        ))}
      </FormSection>

      <FormSection
        id="availability-calls"
        title="Calls"
        intro="How long a call is, the room around it, and how far ahead it can be booked."
      >
        {CALL_FIELDS.map(({ name, ...field }) => (
          <NumberField key={name} {...form.field(name)} {...field} limits={BOOKING_LIMITS[name]} />
        ))}
      </FormSection>

      <FormSection
        id="availability-location"
        title="Where calls happen"
        intro="Said on the booking page, in every invitation and email, and on the visitor's page for their call. Changing it updates the invitations of calls still ahead."
      >
        <SelectField {...form.field('locationKind')} label="Calls happen">
          <option value="none">Not said</option>
          <option value="video">By video</option>
          <option value="phone">By phone</option>
          <option value="address">In person</option>
        </SelectField>
        {form.values.locationKind === 'video' && (
          <div className="space-y-3 sm:col-span-2">
            <TextField
              {...form.field('videoUrl')}
              label="Video link"
              type="url"
              inputMode="url"
              required
              maxLength={PLACE_LIMITS.url}
              placeholder={form.values.roomPerCall ? 'https://meet.jit.si/summit-intro-' : 'https://meet.example.com/your-room'}
              hint={
                form.values.roomPerCall
                  ? "Each call's own room name, long and random, is added to the end of this link when the call is booked."
                  : 'The same link for every call. Visitors get it with their confirmation.'
              }
            />
            <SwitchField
              id={`${ID_PREFIX}-roomPerCall`}
              label="A new room for each call"
              hint="For services such as Jitsi Meet, where any room name opens a room. The booking page never shows the link."
              checked={form.values.roomPerCall}
              onChange={(checked) => form.set('roomPerCall', checked)}
            />
          </div>
        )}
        {form.values.locationKind === 'phone' && (
          <TextField
            {...form.field('phone')}
            label="Phone number"
            type="tel"
            autoComplete="tel"
            required
            hint="Visitors call this number at the time of their call."
          />
        )}
        {form.values.locationKind === 'address' && (
          <TextAreaField
            {...form.field('address')}
            label="Address"
            required
            rows={3}
            maxLength={PLACE_LIMITS.address}
            className="sm:col-span-2"
          />
        )}
      </FormSection>

      <DaysOff days={daysOff} error={errors.daysOff} onChange={(days) => form.set('daysOff', days)} />

      <FormSection id="availability-privacy" title="Privacy" intro="What visitors write about their call is not kept for ever.">
        <NumberField
          {...form.field('topicRetentionDays')}
          label="Topic retention (days)"
          required
          limits={BOOKING_LIMITS.topicRetentionDays}
          hint="A past call's topic is deleted this many days after the call."
        />
      </FormSection>

      <FormSaveBar
        failure={saving.failure}
        status={form.dirty ? 'Unsaved changes' : 'All changes saved'}
        busy={saving.busy}
        label="Save availability"
      />
    </form>
  );
}

/** One weekday: its ranges (start and end times), Add range and Remove, and the day's message. */
function DayHours({
  day,
  ranges,
  errors,
  onChange,
}: {
  day: Weekday;
  ranges: HoursRange[];
  errors: FormErrors;
  onChange: (change: (ranges: HoursRange[]) => HoursRange[]) => void;
}) {
  const name = DAY_NAMES[day];
  const dayError = errors[`weeklyHours.${day}`];
  const dayErrorId = `${ID_PREFIX}-${day}-error`;
  const full = ranges.length >= BOOKING_LIMITS.rangesPerDay;

  const addId = `${ID_PREFIX}-${day}-add`;

  // Focus stays where the keyboard was: on the new range's start, or on Add range once a range is gone.
  function add() {
    flushSync(() => onChange((current) => [...current, nextRange(current)]));
    document.getElementById(rangeInputId(day, ranges.length, 'start'))?.focus();
  }

  function remove(index: number) {
    flushSync(() => onChange((current) => current.filter((_, i) => i !== index)));
    document.getElementById(addId)?.focus();
  }

  const edit = (index: number, part: 'start' | 'end', value: string) =>
    onChange((current) => current.map((range, i) => (i === index ? { ...range, [part]: value } : range)));

  return (
    <fieldset className="min-w-0 py-4">
      {/* The legend names the group for screen readers; the grid's first cell shows the name. */}
      <legend className="sr-only">{name}</legend>
      <div className="grid gap-x-6 gap-y-2 sm:grid-cols-[7rem_minmax(0,1fr)]">
        <p aria-hidden="true" className="font-semibold text-primary-950 sm:pt-2.5">
          {name}
        </p>
        <div className="min-w-0 space-y-2">
          {ranges.length === 0 ? (
            <p className="text-sm text-muted sm:pt-2.5">Unavailable</p>
          ) : (
            <ul className="space-y-2">
              {ranges.map((range, index) => {
                const ordinal = ranges.length > 1 ? ` (range ${index + 1})` : '';
                const startError = errors[`weeklyHours.${day}.${index}.start`];
                const endError = errors[`weeklyHours.${day}.${index}.end`];
                const rangeErrorId = `${ID_PREFIX}-${day}-${index}-error`;
                return (
                  <li key={index}>
                    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-center gap-1.5 sm:flex sm:gap-2">
                      <TimeInput
                        id={rangeInputId(day, index, 'start')}
                        label={`${name} from${ordinal}`}
                        value={range.start}
                        error={startError}
                        errorIds={[startError && rangeErrorId, dayError && dayErrorId]}
                        onChange={(value) => edit(index, 'start', value)}
                      />
                      <span aria-hidden="true" className="hidden text-muted sm:inline">
                        –
                      </span>
                      <TimeInput
                        id={rangeInputId(day, index, 'end')}
                        label={`${name} to${ordinal}`}
                        value={range.end}
                        error={endError}
                        errorIds={[endError && rangeErrorId, dayError && dayErrorId]}
                        onChange={(value) => edit(index, 'end', value)}
                      />
                      <button
                        type="button"
                        aria-label={`Remove ${name} ${range.start}–${range.end}`}
                        onClick={() => remove(index)}
                        className="flex size-9 shrink-0 items-center justify-center rounded-control text-muted hover:bg-red-50 hover:text-red-700 sm:size-11"
                      >
                        <Icon shapes={Trash2} aria-hidden="true" className="size-4" />
                      </button>
                    </div>
                    {(startError || endError) && (
                      <p id={rangeErrorId} className="mt-1.5 text-sm text-red-700">
                        {[startError, endError].filter(Boolean).join('. ')}
                      </p>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
          {dayError && (
            <p id={dayErrorId} className="text-sm text-red-700">
              {dayError}
            </p>
          )}
          <Button variant="ghost" size="sm" className="-ml-3" disabled={full} id={addId} onClick={add} aria-label={`Add range to ${name}`}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> Add range
          </Button>
        </div>
      </div>
    </fieldset>
  );
}

/** A time of day (HH:mm) with a label for screen readers: the row shows it as "from – to". */
function TimeInput({
  id,
  label,
  value,
  error,
  errorIds,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  errorIds: Array<string | false | undefined>;
  onChange: (value: string) => void;
}) {
  const describedBy = errorIds.filter(Boolean).join(' ') || undefined;
  return (
    <div className="min-w-0 sm:w-36">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="time"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
        // On a phone's width the clock button would hide the time; the field opens its picker by itself there.
        className={cn(controlClass(!!error), 'h-11 px-2 max-sm:[&::-webkit-calendar-picker-indicator]:hidden sm:px-3')}
      />
    </div>
  );
}

/** Dates with no calls: a date picker and Add, and the list with Remove on each. */
function DaysOff({ days, error, onChange }: { days: string[]; error: string | undefined; onChange: (days: string[]) => void }) {
  const [day, setDay] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function add() {
    if (!day) {
      setProblem('Choose a date to add');
      return;
    }
    setProblem(null);
    onChange([...new Set([...days, day])].sort());
    setDay('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the day rather than saving the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  }

  return (
    <FormSection id="availability-days-off" title="Days off" intro="Dates with no calls, such as holidays." layout="mt-5 space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <TextField
          id={DAY_OFF_INPUT_ID}
          label="Day off"
          type="date"
          value={day}
          error={problem ?? error}
          onChange={(event) => {
            setDay(event.target.value);
            setProblem(null);
          }}
          onKeyDown={onKeyDown}
          className="w-full sm:w-56"
        />
        {/* Level with the date box under its label. */}
        <Button variant="outline" onClick={add} className="sm:mt-[1.625rem]">
          <Icon shapes={Plus} aria-hidden="true" className="size-4" /> Add day off
        </Button>
      </div>
      {days.length === 0 ? (
        <p className="text-sm text-muted">No days off.</p>
      ) : (
        <ul aria-label="Days off" className="flex flex-wrap gap-2">
          {days.map((date) => (
            <li
              key={date}
              className="inline-flex items-center gap-1 rounded-full border border-line bg-canvas py-1 pl-3 pr-1 text-sm font-medium text-ink"
            >
              <time dateTime={date}>{dayLabel(date)}</time>
              <button
                type="button"
                aria-label={`Remove ${dayLabel(date)}`}
                onClick={() => {
                  onChange(days.filter((other) => other !== date));
                  // The button is gone with its day: the date picker is where the keyboard goes on.
                  document.getElementById(DAY_OFF_INPUT_ID)?.focus();
                }}
                className="flex size-8 items-center justify-center rounded-full text-muted hover:bg-red-50 hover:text-red-700"
              >
                <Icon shapes={X} aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </FormSection>
  );
}
