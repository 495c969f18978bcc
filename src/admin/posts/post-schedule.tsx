'use client';

import { CalendarClock } from 'lucide';
import { type FormEvent, useEffect, useRef } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { DateTimeField } from '../kit/fields.tsx';
import { FIELD_IDS } from './post-form.ts';

/**
 * "Schedule…" of the publish control (issue 32 §5): the date and time, in the coach's zone, at
 * which the post is published by itself. Opens focused on the field; Escape or Cancel closes it.
 */
export function PostSchedule({
  value,
  error,
  busy,
  onChange,
  onConfirm,
  onCancel,
}: {
  value: string;
  error: string | null;
  busy: boolean;
  onChange: (value: string) => void;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const panel = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const field = document.getElementById(FIELD_IDS.scheduledFor);
    field?.focus();
    panel.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    onConfirm();
  }

  return (
    <form
      ref={panel}
      noValidate
      aria-labelledby="post-schedule-heading"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      className="mt-6 rounded-card border border-primary-200 bg-primary-50 p-4 shadow-sm sm:p-5"
    >
      <h2 id="post-schedule-heading" className="flex items-center gap-2 font-sans text-base font-semibold">
        <Icon shapes={CalendarClock} aria-hidden="true" className="size-5 text-primary-700" /> Schedule publication
      </h2>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
        <DateTimeField
          id={FIELD_IDS.scheduledFor}
          label="Schedule for"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          error={error}
          hint="The post is published automatically at this time."
          className="sm:w-80"
        />
        <div className="flex gap-2 sm:mt-7">
          <Button type="submit" disabled={busy} className="flex-1 sm:flex-none">
            {busy ? 'Scheduling...' : 'Schedule'}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={busy} className="flex-1 sm:flex-none">
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
