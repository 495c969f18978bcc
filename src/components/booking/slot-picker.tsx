'use client';

import { Globe } from 'lucide';
import { useMemo } from 'react';
import { cn } from '#src/lib/cn.ts';
import type { Slot } from '#src/schemas/booking.ts';
import { Icon } from '../ui/icon.tsx';
import { Bone } from '../ui/skeleton.tsx';
import { groupSlotsByDay, timeZoneChoices } from './slot-times.ts';

interface SlotPickerProps {
  slots: Slot[];
  timeZone: string;
  onTimeZoneChange: (timeZone: string) => void;
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

/** The free times in the visitor's time zone (changeable): a day, then a time on it. */
export function SlotPicker({ slots, timeZone, onTimeZoneChange, day, onDayChange, selected, onSelect }: SlotPickerProps) {
  const days = useMemo(() => groupSlotsByDay(slots, timeZone), [slots, timeZone]);
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  const current = days.find((group) => group.day === day) ?? days[0];
  return (
    <div>
      <label htmlFor="booking-time-zone" className="flex items-center gap-2 text-sm font-semibold text-ink">
        <Icon shapes={Globe} aria-hidden="true" className="size-4 text-primary-700" />
        Times shown in
      </label>
      <select
        id="booking-time-zone"
        value={timeZone}
        onChange={(event) => onTimeZoneChange(event.target.value)}
        className="mt-2 w-full rounded-control border border-line bg-surface px-3 py-2.5 text-base text-ink shadow-sm sm:max-w-xs"
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>

      <h3 id="booking-days" className="mt-6 text-sm font-semibold text-ink">
        Day
      </h3>
      <ul aria-labelledby="booking-days" className="mt-2 flex gap-2 overflow-x-auto pb-2">
        {days.map((group) => (
          <li key={group.day} className="shrink-0">
            <button
              type="button"
              aria-pressed={group.day === current?.day}
              onClick={() => onDayChange(group.day)}
              className={chip(group.day === current?.day)}
            >
              {group.label}
            </button>
          </li>
        ))}
      </ul>

      {current && (
        <>
          <h3 id="booking-times" className="mt-4 text-sm font-semibold text-ink">
            Time on {current.label}
          </h3>
          <ul aria-labelledby="booking-times" className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
            {current.slots.map((slot) => (
              <li key={slot.start}>
                <button
                  type="button"
                  aria-pressed={selected?.start === slot.start}
                  onClick={() => onSelect(slot)}
                  className={cn(chip(selected?.start === slot.start), 'w-full')}
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
      <Bone className="mt-2 h-11 w-full sm:max-w-xs" />
      <Bone className="mt-6 h-5 w-12" />
      <div className="mt-2 flex gap-2 pb-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Bone key={i} className="h-9 w-36 shrink-0" />
        ))}
      </div>
      <Bone className="mt-4 h-5 w-48" />
      <div className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Bone key={i} className="h-9" />
        ))}
      </div>
    </div>
  );
}
