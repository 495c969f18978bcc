'use client';

import { HandCoins } from 'lucide';
import type { FormEvent } from 'react';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { formatDate } from '#src/lib/format-date.ts';
import { plural } from '#src/lib/plural.ts';
import type { ClientDetail } from '#src/schemas/client.ts';
import { formatMoney, formatRate, parseMoney } from '#src/schemas/money.ts';
import { manualPaymentSchema, PAYMENT_LIMITS, type PaymentEntry } from '#src/schemas/payments.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { SelectField, SwitchField, TextAreaField, TextField } from '../kit/fields.tsx';
import { useTimeZone } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { type FormErrors, useForm } from '../kit/use-form.ts';
import { useLoaded } from '../kit/use-loaded.ts';
import { fetchClient, recordPayment } from './api.ts';

/** A client the coach can pick: the page lists them by name. */
export interface ClientChoice {
  id: number;
  name: string;
  email: string;
}

type Method = 'bank_transfer' | 'cash';

interface Draft {
  method: Method;
  clientId: string;
  /** `booking:12` or `package:5`: what the money is for. */
  target: string;
  amount: string;
  /** The invoice is made out to a company (sponsored coaching). */
  billed: boolean;
  company: string;
  companyAddress: string;
  companyTaxId: string;
}

const METHODS: Array<{ id: Method; label: string }> = [
  { id: 'bank_transfer', label: 'Bank transfer' },
  { id: 'cash', label: 'Cash' },
];

const ORDER = ['method', 'clientId', 'target', 'amount', 'company', 'companyAddress', 'companyTaxId'] as const;
export const CLIENT_REQUIRED = 'Choose who paid';

/** The form's place for a field of the request (`bookingId`, `billTo.company`…). */
function placeOf(path: ReadonlyArray<PropertyKey>): string {
  const [head, sub] = path.map(String);
  if (head === 'bookingId' || head === 'clientPackageId') return 'target';
  if (head === 'amountMinor') return 'amount';
  if (head === 'billTo') return { address: 'companyAddress', taxId: 'companyTaxId' }[sub ?? ''] ?? 'company';
  return head ?? 'target';
}

/** What a bank transfer or cash payment is for: one of the client's bookings or granted packages, newest first. */
function targetsOf(client: ClientDetail, timeZone: string) {
  const bookings = client.timeline
    .flatMap((event) => (event.kind === 'booking' ? [event] : []))
    .sort((a, b) => b.start.localeCompare(a.start))
    .map((booking) => ({
      id: `booking:${booking.id}`,
      name: `${booking.session}, ${formatDate(booking.start, timeZone)}${booking.status === 'cancelled' ? ' (cancelled)' : ''}`,
    }));
  const packages = [...client.packages]
    .sort((a, b) => b.grantedAt.localeCompare(a.grantedAt))
    .map((grant) => ({
      id: `package:${grant.id}`,
      name: `${grant.name} (${plural(grant.sessions, 'session')}), granted ${formatDate(grant.grantedAt, timeZone, 'date')}`,
    }));
  return { bookings, packages };
}

/** Issue 37 §6: a bank transfer or cash the coach received, for a booking or a granted package; it counts as paid, with a receipt. */
export function RecordPaymentDialog({
  open,
  clients,
  initialClient,
  currency,
  taxRate,
  onClose,
  onRecorded,
}: {
  open: boolean;
  clients: ClientChoice[];
  /** The client the ledger is filtered by, if any: most likely the one who paid. */
  initialClient: number | undefined;
  currency: string;
  taxRate: number;
  onClose: () => void;
  onRecorded: (payment: PaymentEntry) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      title="Record a payment"
      description="Money a client paid you by bank transfer or in cash. It counts as paid at once, and they are emailed a receipt with its invoice."
    >
      {open && (
        <RecordForm
          clients={clients}
          initialClient={initialClient}
          currency={currency}
          taxRate={taxRate}
          onCancel={onClose}
          onRecorded={onRecorded}
        />
      )}
    </Dialog>
  );
}

function RecordForm({
  clients,
  initialClient,
  currency,
  taxRate,
  onCancel,
  onRecorded,
}: {
  clients: ClientChoice[];
  initialClient: number | undefined;
  currency: string;
  taxRate: number;
  onCancel: () => void;
  onRecorded: (payment: PaymentEntry) => void;
}) {
  const timeZone = useTimeZone();
  const inputOf = (draft: Draft) => {
    const [kind, id] = draft.target.split(':');
    return {
      method: draft.method,
      bookingId: kind === 'booking' ? Number(id) : null,
      clientPackageId: kind === 'package' ? Number(id) : null,
      // Typed in major units; NaN for what is not an amount (the schema refuses it by name).
      amountMinor: draft.amount.trim() === '' ? Number.NaN : (parseMoney(draft.amount, currency) ?? Number.NaN),
      billTo: draft.billed ? { company: draft.company, address: draft.companyAddress, taxId: draft.companyTaxId } : null,
    };
  };
  const validate = (draft: Draft): FormErrors => {
    const errors: FormErrors = {};
    const result = manualPaymentSchema.safeParse(inputOf(draft));
    if (!result.success) for (const issue of result.error.issues) errors[placeOf(issue.path)] ??= issue.message;
    // Until a client is chosen there is nothing to choose from: the client is what to fix.
    if (draft.clientId === '') {
      errors.clientId = CLIENT_REQUIRED;
      delete errors.target;
    }
    return errors;
  };
  const startClient = initialClient !== undefined && clients.some((client) => client.id === initialClient) ? String(initialClient) : '';
  const form = useForm<Draft>(
    {
      method: 'bank_transfer',
      clientId: startClient,
      target: '',
      amount: '',
      billed: false,
      company: '',
      companyAddress: '',
      companyTaxId: '',
    },
    validate,
    'record',
    { order: () => ORDER },
  );
  const { busy, failure, run } = useAction();
  const clientId = form.values.clientId === '' ? null : Number(form.values.clientId);
  const detail = useLoaded(clientId, fetchClient);
  const targets = detail.value && detail.value.id === clientId ? targetsOf(detail.value, timeZone) : null;
  const nothingToPayFor = targets !== null && targets.bookings.length === 0 && targets.packages.length === 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const input = manualPaymentSchema.parse(inputOf(form.values));
    const done = await run(() => recordPayment(input), {
      success: (payment) => ({
        title: 'Payment recorded',
        description: `${payment.number ?? ''} ${formatMoney(payment.amountMinor, payment.currency)} from ${payment.payerName}`.trim(),
      }),
      failureTitle: 'Failed to record the payment',
      fieldError: (field, message) => form.showServerError(placeOf(field.split('.')), message),
    });
    if (done !== FAILED) onRecorded(done);
  }

  const targetHint = (() => {
    if (clientId === null) return 'Choose the client first.';
    if (detail.error) return detail.error;
    if (targets === null) return 'Loading their bookings and packages...';
    if (nothingToPayFor)
      return (
        <>
          They have no bookings or granted packages yet.{' '}
          <Link to={`/admin/clients/${clientId}`} className="font-medium text-primary-700 underline">
            Grant a package on their page
          </Link>{' '}
          first.
        </>
      );
    return undefined;
  })();

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <fieldset>
        <legend className="text-sm font-semibold">Paid by</legend>
        <div className="mt-1.5 grid gap-2 sm:grid-cols-2">
          {METHODS.map((method, index) => (
            <label
              key={method.id}
              className={cn(
                'flex min-h-11 cursor-pointer items-center gap-3 rounded-control border px-3 text-sm',
                form.values.method === method.id ? 'border-primary-400 bg-primary-50' : 'border-line',
              )}
            >
              <input
                id={index === 0 ? 'record-method' : undefined}
                type="radio"
                name="record-method"
                value={method.id}
                checked={form.values.method === method.id}
                onChange={() => form.set('method', method.id)}
                className="size-4 accent-primary-700"
              />
              {method.label}
            </label>
          ))}
        </div>
      </fieldset>

      <SelectField
        {...form.field('clientId')}
        onChange={(event) => {
          form.set('clientId', event.target.value);
          form.set('target', '');
        }}
        label="Client"
        hint={
          <>
            Not listed?{' '}
            <Link to="/admin/clients" className="font-medium text-primary-700 underline">
              Add them on the Clients screen
            </Link>{' '}
            first.
          </>
        }
      >
        <option value="">Choose a client</option>
        {clients.map((client) => (
          <option key={client.id} value={String(client.id)}>
            {client.name} ({client.email})
          </option>
        ))}
      </SelectField>

      <SelectField {...form.field('target')} label="For" disabled={targets === null || nothingToPayFor} hint={targetHint}>
        <option value="">{targets === null ? '—' : 'Choose a booking or package'}</option>
        {targets && targets.bookings.length > 0 && (
          <optgroup label="Bookings">
            {targets.bookings.map((target) => (
              <option key={target.id} value={target.id}>
                {target.name}
              </option>
            ))}
          </optgroup>
        )}
        {targets && targets.packages.length > 0 && (
          <optgroup label="Granted packages">
            {targets.packages.map((target) => (
              <option key={target.id} value={target.id}>
                {target.name}
              </option>
            ))}
          </optgroup>
        )}
      </SelectField>

      <TextField
        {...form.field('amount')}
        label={`Amount received (${currency})`}
        inputMode="decimal"
        autoComplete="off"
        hint={taxRate > 0 ? `The whole amount, ${formatRate(taxRate)} tax included.` : 'The whole amount you received.'}
      />

      <SwitchField
        id="record-billed"
        label="Invoice a company"
        hint="For sponsored coaching: the invoice is made out to the company, with its tax ID."
        checked={form.values.billed}
        onChange={(on) => form.set('billed', on)}
      />
      {form.values.billed && (
        <fieldset className="grid gap-4 rounded-card border border-line p-4">
          <legend className="px-1 text-sm font-semibold">Bill to</legend>
          <TextField {...form.field('company')} label="Company name" required maxLength={PAYMENT_LIMITS.company} autoComplete="off" />
          <TextAreaField {...form.field('companyAddress')} label="Company address" optional rows={3} maxLength={PAYMENT_LIMITS.address} />
          <TextField {...form.field('companyTaxId')} label="Company tax ID" optional maxLength={PAYMENT_LIMITS.taxId} autoComplete="off" />
        </fieldset>
      )}

      <DialogFormActions
        failure={failure}
        busy={busy}
        onCancel={onCancel}
        submitLabel="Record Payment"
        busyLabel="Recording..."
        icon={<Icon shapes={HandCoins} aria-hidden="true" className="size-4" />}
      />
    </form>
  );
}
