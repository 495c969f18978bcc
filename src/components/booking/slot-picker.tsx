'use client';

import { useId, useMemo } from 'react';
import { cn } from '#src/lib/cn.ts';
import type { Slot } from '#src/schemas/booking.ts';
import { Bone } from '../ui/skeleton.tsx';
import { DayCalendar } from './day-calendar.tsx';
import { firstDayOfWeek } from './month-grid.ts';
import { groupSlotsByDay, todayIn, usesTwelveHourClock } from './slot-times.ts';
import { TimeZonePicker } from './time-zone-picker.tsx';

interface SlotPickerProps {
  slots: Slot[];
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
  /** The visitor's language tag: their clock (12- or 24-hour), the first day of their week, the zone's name. */
  locale: string;
  day: string | null;
  onDayChange: (day: string) => void;
  selected: Slot | null;
  onSelect: (slot: Slot) => void;
}

const chip = (active: boolean) =>
  cn(
    'rounded-control border px-3 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
    active
      ? 'border-primary-800 bg-primary-800 text-white'
      : 'border-line bg-surface text-primary-900 hover:border-primary-400 hover:bg-primary-50',
  );

/** The free times in the visitor's time zone (changeable): a day on the month's calendar, then a time on it beneath. */
export function SlotPicker({ slots, timeZone, onTimeZoneChange, locale, day, onDayChange, selected, onSelect }: SlotPickerProps) {
  const twelveHour = usesTwelveHourClock(locale);
  const days = useMemo(() => groupSlotsByDay(slots, timeZone, twelveHour), [slots, timeZone, twelveHour]);
  const current = days.find((group) => group.day === day) ?? days[0];
  const timesHeading = useId();
  return (
    <div>
      <TimeZonePicker label="Times shown in" value={timeZone} onChange={onTimeZoneChange} locale={locale} />

      {current && (
        <div className="mt-6 sm:max-w-md">
          <DayCalendar
            days={days}
            selected={current.day}
            onSelect={onDayChange}
            today={todayIn(timeZone)}
            firstDay={firstDayOfWeek(locale)}
          />
        </div>
      )}

      {current && (
        <>
          <h3 id={timesHeading} className="mt-6 text-sm font-semibold text-ink">
            Time on {current.label}
          </h3>
          <ul aria-labelledby={timesHeading} className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
            {current.slots.map((slot) => (
              <li key={slot.start}>
                <button
                  type="button"
                  aria-pressed={selected?.start === slot.start}
                  onClick={() => onSelect(slot)}
                  className={cn(chip(selected?.start === slot.start), 'w-full whitespace-nowrap')}
                >
                  {slot.time}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** The picker's shape while the slots load: the same rows, so nothing moves when they arrive. */
export function SlotPickerSkeleton() {
  return (
    <div aria-hidden="true">
      <Bone className="h-5 w-32" />
      <Bone className="mt-2 h-11 w-full sm:max-w-md" />
      <div className="mt-6 sm:max-w-md">
        <div className="flex items-center justify-between">
          <Bone className="size-11" />
          <Bone className="h-5 w-32" />
          <Bone className="size-11" />
        </div>
        <Bone className="mt-4 h-4 w-full" />
        <div className="mt-3 grid grid-cols-7 gap-1">
          {Array.from({ length: 35 }, (_, i) => (
            <Bone key={i} className="mx-auto size-10 rounded-full" />
          ))}
        </div>
      </div>
      <Bone className="mt-6 h-5 w-48" />
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Bone key={i} className="h-9" />
        ))}
      </div>
    </div>
  );
}
