'use client';

import { Undo2, UserPlus, UserX } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Link } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { fieldErrors } from '#src/lib/field-errors.ts';
import type { AdminBooking } from '#src/schemas/booking.ts';
import { coachReasonSchema, requiredReasonSchema } from '#src/schemas/credits.ts';
import { clientFromBooking } from '../clients/api.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { markNoShow, returnCredit } from './api.ts';

// What the coach can do with a booking besides cancelling it (issue 35 §2, §4): open its client,
// make the intro call's visitor a client, mark a no-show once it started (its credit stays used),
// and give a used-up credit back; the last two with a reason kept in the ledger.

type ReasonAction = 'no-show' | 'return-credit';

const ACTIONS: Record<ReasonAction, { title: string; submit: string; done: string; required: boolean }> = {
  'no-show': { title: 'Mark as a no-show', submit: 'Mark No-Show', done: 'Marked as a no-show', required: false },
  'return-credit': { title: 'Give the credit back', submit: 'Return Credit', done: 'Credit returned', required: true },
};

export function BookingActions({
  booking,
  now,
  onChanged,
}: {
  booking: AdminBooking;
  now: number;
  onChanged: (booking: AdminBooking) => void;
}) {
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const { busy, run } = useAction();
  const started = Date.parse(booking.start) <= now;

  async function makeClient() {
    const client = await run(() => clientFromBooking(booking.id), {
      success: (made) => ({ title: 'Client added', description: made.name }),
      failureTitle: 'Failed to add the client',
    });
    if (client !== FAILED) onChanged({ ...booking, clientId: client.id });
  }

  return (
    <div className="flex flex-wrap gap-2">
      {booking.clientId === null ? (
        <Button variant="outline" size="sm" disabled={busy} onClick={() => void makeClient()}>
          <Icon shapes={UserPlus} aria-hidden="true" className="size-4" /> Add as client
          <span className="sr-only"> {booking.name}</span>
        </Button>
      ) : (
        <Link to={`/admin/clients/${booking.clientId}`} className="self-center text-sm font-medium text-primary-700 underline">
          Client page<span className="sr-only"> of {booking.name}</span>
        </Link>
      )}
      <Link to={`/admin/bookings/${booking.id}`} className="self-center text-sm font-medium text-primary-700 underline">
        Notes<span className="sr-only"> of {booking.name}’s session</span>
      </Link>
      {booking.status === 'confirmed' && started && !booking.noShow && (
        <Button variant="outline" size="sm" onClick={() => setAsking('no-show')}>
          <Icon shapes={UserX} aria-hidden="true" className="size-4" /> No-show
          <span className="sr-only"> {booking.name}</span>
        </Button>
      )}
      {booking.credit === 'forfeited' && (
        <Button variant="outline" size="sm" onClick={() => setAsking('return-credit')}>
          <Icon shapes={Undo2} aria-hidden="true" className="size-4" /> Return credit
          <span className="sr-only"> of {booking.name}</span>
        </Button>
      )}
      <Dialog open={asking !== null} onOpenChange={(open) => open || setAsking(null)} title={asking ? ACTIONS[asking].title : ''}>
        {asking && (
          <ReasonForm
            action={asking}
            booking={booking}
            onCancel={() => setAsking(null)}
            onDone={(changed) => {
              setAsking(null);
              onChanged(changed);
            }}
          />
        )}
      </Dialog>
    </div>
  );
}

function ReasonForm({
  action,
  booking,
  onCancel,
  onDone,
}: {
  action: ReasonAction;
  booking: AdminBooking;
  onCancel: () => void;
  onDone: (booking: AdminBooking) => void;
}) {
  const { submit: submitLabel, done, required } = ACTIONS[action];
  const schema = required ? requiredReasonSchema : coachReasonSchema;
  const form = useForm({ reason: '' }, (values) => fieldErrors(schema.safeParse(values)), `booking-${action}`);
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const { reason } = form.values;
    const changed = await run(() => (action === 'no-show' ? markNoShow(booking.id, reason) : returnCredit(booking.id, reason)), {
      success: { title: done, description: booking.name },
      failureTitle: `Failed: ${ACTIONS[action].title.toLowerCase()}`,
      fieldError: form.showServerError,
    });
    if (changed !== FAILED) onDone(changed);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <TextField {...form.field('reason')} label="Reason" optional={!required} hint="Kept with the credit's movement in the ledger." />
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel={submitLabel} />
    </form>
  );
}
