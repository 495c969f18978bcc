'use client';

import { Undo2 } from 'lucide';
import type { FormEvent } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { formatMoney, moneyInput, parseMoney } from '#src/schemas/money.ts';
import { PAYMENT_LIMITS, type PaymentEntry, refundSchema } from '#src/schemas/payments.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { refundPayment } from './api.ts';

interface Draft {
  amount: string;
  reason: string;
}

/** The coach gives back all or part of a payment, with a reason (issue 37 §4). */
export function RefundDialog({
  payment,
  onClose,
  onRefunded,
}: {
  payment: PaymentEntry | null;
  onClose: () => void;
  onRefunded: (refund: PaymentEntry) => void;
}) {
  return (
    <Dialog
      open={payment !== null}
      onOpenChange={(open) => open || onClose()}
      title={payment ? `Refund ${payment.number ?? 'a payment'}` : 'Refund'}
      description={
        payment
          ? `${payment.payerName} paid ${formatMoney(payment.amountMinor, payment.currency)} for ${payment.description}. Up to ${formatMoney(payment.refundableMinor, payment.currency)} can still be refunded.`
          : undefined
      }
    >
      {payment && <RefundForm payment={payment} onCancel={onClose} onRefunded={onRefunded} />}
    </Dialog>
  );
}

function RefundForm({
  payment,
  onCancel,
  onRefunded,
}: {
  payment: PaymentEntry;
  onCancel: () => void;
  onRefunded: (refund: PaymentEntry) => void;
}) {
  const { currency, refundableMinor } = payment;
  // Typed in major units; NaN for what is not an amount (the schema refuses it by name).
  const inputOf = (draft: Draft) => ({
    amountMinor: draft.amount.trim() === '' ? Number.NaN : (parseMoney(draft.amount, currency) ?? Number.NaN),
    reason: draft.reason,
  });
  const validate = (draft: Draft) => {
    const input = inputOf(draft);
    const errors = fieldErrors<'amountMinor' | 'reason'>(refundSchema.safeParse(input));
    const amount =
      errors.amountMinor ??
      (input.amountMinor > refundableMinor ? `At most ${formatMoney(refundableMinor, currency)} can be refunded` : undefined);
    return { amount, reason: errors.reason };
  };
  const form = useForm<Draft>({ amount: moneyInput(refundableMinor, currency), reason: '' }, validate, 'refund');
  const { busy, failure, run } = useAction();
  const card = payment.method === 'card';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const input = refundSchema.parse(inputOf(form.values));
    const done = await run(() => refundPayment(payment.id, input), {
      success: (refund) => ({
        title: refund.status === 'pending' ? 'Refund sent to Stripe' : 'Refund recorded',
        description: `${formatMoney(input.amountMinor, currency)} to ${payment.payerName}`,
      }),
      failureTitle: 'Failed to refund',
      fieldError: (field, message) => form.showServerError(field === 'amountMinor' ? 'amount' : field, message),
    });
    if (done !== FAILED) onRefunded(done);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <TextField
        {...form.field('amount')}
        label={`Amount to refund (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        hint={
          card
            ? 'Stripe gives it back to their card; it shows as pending until Stripe has taken it.'
            : `Give it back yourself (${payment.method === 'cash' ? 'in cash' : 'by bank transfer'}): this records it and emails them a credit note.`
        }
      />
      <TextField
        {...form.field('reason')}
        label="Reason"
        required
        maxLength={PAYMENT_LIMITS.reason}
        autoComplete="off"
        hint="Printed on the credit note and kept in the ledger."
      />
      <DialogFormActions
        failure={failure}
        busy={busy}
        onCancel={onCancel}
        submitLabel="Refund"
        busyLabel="Refunding..."
        icon={<Icon shapes={Undo2} aria-hidden="true" className="size-4" />}
      />
    </form>
  );
}
