'use client';

import type { FormEvent } from 'react';
import { clockIn, dayIn, instantIn, timeZoneLabel } from '#src/lib/format-date.ts';
import { RESCHEDULE_PAST } from '#src/schemas/schedule.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { reschedulePost } from './api.ts';

/** The post whose date changes: scheduled (it has one) or a draft (it gets one). */
export interface Rescheduling {
  id: number;
  title: string;
  at: string | null;
}

interface Values {
  date: string;
  time: string;
}

function validate(values: Values, timeZone: string): Partial<Record<keyof Values, string>> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) return { date: 'Date is required' };
  if (!/^\d{2}:\d{2}$/.test(values.time)) return { time: 'Time is required' };
  const at = instantIn(values.date, values.time, timeZone);
  if (at === null) return { date: 'Date is required' };
  return Date.parse(at) <= Date.now() ? { time: RESCHEDULE_PAST } : {};
}

/** A new publication date and time, typed in the coach's time zone; the post then publishes itself. */
interface RescheduleDialogProps {
  /** The post being moved; null while the dialog is closed. */
  post: Rescheduling | null;
  timeZone: string;
  onClose: () => void;
  onSaved: () => void;
}

export function RescheduleDialog({ post, timeZone, onClose, onSaved }: RescheduleDialogProps) {
  return (
    <Dialog
      open={post !== null}
      onOpenChange={(next) => next || onClose()}
      title={post?.at ? 'Reschedule Post' : 'Schedule Post'}
      description={post ? `"${post.title}" publishes itself at this time (${timeZoneLabel(timeZone)}).` : undefined}
    >
      {post && <RescheduleForm key={post.id} post={post} timeZone={timeZone} onCancel={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function RescheduleForm({
  post,
  timeZone,
  onCancel,
  onSaved,
}: {
  post: Rescheduling;
  timeZone: string;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const form = useForm<Values>(
    { date: post.at ? dayIn(post.at, timeZone) : '', time: post.at ? clockIn(post.at, timeZone) : '09:00' },
    (values) => validate(values, timeZone),
    'reschedule',
  );
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(['date', 'time'])) return;
    const saved = await run(() => reschedulePost(post.id, instantIn(form.values.date, form.values.time, timeZone)!), {
      success: { title: 'Post rescheduled', description: post.title },
      failureTitle: 'Failed to reschedule the post',
    });
    if (saved !== FAILED) onSaved();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('date')} label="Date" type="date" required />
        <TextField {...form.field('time')} label="Time" type="time" required hint={timeZoneLabel(timeZone)} />
      </div>
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel="Save date" />
    </form>
  );
}
