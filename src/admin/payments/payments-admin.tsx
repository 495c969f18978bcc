'use client';

import { Download, HandCoins } from 'lucide';
import { useRef, useState } from 'react';
import { Button, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { formatDay } from '#src/lib/format-date.ts';
import { plural } from '#src/lib/plural.ts';
import { formatMoney } from '#src/schemas/money.ts';
import type { PaymentEntry, PaymentsOverview, PaymentsQuery } from '#src/schemas/payments.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { Options, SelectField, TextField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { HoldsPanel, WebhooksPanel } from './activity-panels.tsx';
import { exportUrl, fetchPayments } from './api.ts';
import { BusinessDetailsForm, type BusinessSettings } from './business-details-form.tsx';
import { LedgerList } from './ledger-list.tsx';
import { PaymentsOffBanner } from './payments-off-banner.tsx';
import { type ClientChoice, RecordPaymentDialog } from './record-payment-dialog.tsx';
import { RefundDialog } from './refund-dialog.tsx';

/** How many rows the API lists without a filter (server/services/payments/admin-payments.ts). */
const UNFILTERED_LIMIT = 500;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Admin → Payments (issue 37 §6, §7): the money ledger by client and month with its totals and
 * the accountant's CSV, refunds and payments by hand, the holds, Stripe's webhook deliveries, and
 * the business details and tax the invoices carry.
 */
export function PaymentsAdmin({
  initial,
  clients,
  clientsTotal,
  business: initialBusiness,
  webhookUrl,
}: {
  initial: PaymentsOverview;
  /** Everyone the coach works with, by name (the first `clients.length` of `clientsTotal`). */
  clients: ClientChoice[];
  clientsTotal: number;
  business: BusinessSettings;
  /** Where Stripe sends its events: the site's own address. */
  webhookUrl: string;
}) {
  const query = useRef<PaymentsQuery>({});
  const { data, refetching, refetch } = useServerData(initial, () => fetchPayments(query.current), { title: 'Failed to load payments' });
  const [filters, setFilters] = useState<{ client: string; month: string }>({ client: '', month: '' });
  const [business, setBusiness] = useState(initialBusiness);
  const [refunding, setRefunding] = useState<PaymentEntry | null>(null);
  const [recording, setRecording] = useState(false);

  function filter(change: Partial<typeof filters>) {
    const next = { ...filters, ...change };
    setFilters(next);
    const month = MONTH.test(next.month) ? next.month : undefined;
    // A month still being typed (a browser without a month picker) changes nothing yet.
    if (next.month !== '' && !month) return;
    query.current = { client: next.client ? Number(next.client) : undefined, month };
    void refetch();
  }

  const clientName = clients.find((client) => String(client.id) === filters.client)?.name;
  const scope = [clientName ?? 'all clients', MONTH.test(filters.month) ? formatDay(`${filters.month}-01`, 'month') : 'all months'].join(
    ', ',
  );
  const filtered = query.current.client !== undefined || query.current.month !== undefined;
  const cut = !filtered && data.payments.length >= UNFILTERED_LIMIT;
  const { receivedMinor, refundedMinor, netMinor } = data.totals;

  return (
    <>
      {!data.online && <PaymentsOffBanner webhookUrl={webhookUrl} />}

      <ListPanel
        name="payments"
        title="Payments and refunds"
        count={plural(data.payments.length, 'entry', 'entries')}
        refreshing={refetching}
        headerClassName="flex flex-col gap-4"
        className="mt-6"
        controls={
          <div className="grid gap-3 md:grid-cols-[minmax(0,1fr)_11rem] lg:grid-cols-[minmax(0,1fr)_11rem_auto_auto] lg:items-end">
            <SelectField
              id="payments-client"
              label="Client"
              value={filters.client}
              onChange={(event) => filter({ client: event.target.value })}
            >
              <Options none="All clients" items={clients} />
            </SelectField>
            <TextField
              id="payments-month"
              label="Month"
              type="month"
              value={filters.month}
              onChange={(event) => filter({ month: event.target.value })}
            />
            <a href={exportUrl(query.current)} download className={buttonClass('outline', 'md', 'h-11 whitespace-nowrap')}>
              <Icon shapes={Download} aria-hidden="true" className="size-4" /> Download CSV
            </a>
            <Button className="h-11 whitespace-nowrap" onClick={() => setRecording(true)}>
              <Icon shapes={HandCoins} aria-hidden="true" className="size-4" /> Record a Payment
            </Button>
          </div>
        }
      >
        <section aria-labelledby="payments-totals-heading" className="border-b border-line bg-canvas/60 px-4 py-4 sm:px-6">
          <h3 id="payments-totals-heading" className="font-sans text-sm font-normal text-muted">
            Totals for what is listed: <span className="font-medium text-ink">{scope}</span>
          </h3>
          <dl className="mt-3 grid gap-3 sm:grid-cols-3" data-testid="payments-totals">
            {[
              { label: 'Received', minor: receivedMinor },
              { label: 'Refunded', minor: refundedMinor },
              { label: 'Kept', minor: netMinor, strong: true },
            ].map(({ label, minor, strong }) => (
              <div key={label} className={cn('rounded-card border border-line bg-surface px-4 py-3', strong && 'border-primary-200')}>
                <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
                <dd className={cn('mt-1 text-xl font-semibold tabular-nums', strong ? 'text-primary-900' : 'text-ink')}>
                  {formatMoney(minor, data.currency)}
                </dd>
              </div>
            ))}
          </dl>
          {cut && (
            <p className="mt-3 text-xs text-muted">
              The newest {UNFILTERED_LIMIT} entries are listed and counted: choose a month to see older ones.
            </p>
          )}
          {clients.length < clientsTotal && (
            <p className="mt-3 text-xs text-muted">
              The client list shows the first {clients.length} of {clientsTotal} clients by name.
            </p>
          )}
        </section>
        {data.payments.length === 0 ? (
          <EmptyState
            className="m-4 sm:m-6"
            message={filtered ? 'Nothing was paid or refunded here.' : 'No payments yet.'}
            action={
              filtered ? undefined : (
                <Button variant="outline" onClick={() => setRecording(true)}>
                  <Icon shapes={HandCoins} aria-hidden="true" className="size-4" /> Record a Payment
                </Button>
              )
            }
          />
        ) : (
          <LedgerList entries={data.payments} onRefund={setRefunding} />
        )}
      </ListPanel>

      <HoldsPanel holds={data.holds} />
      <WebhooksPanel webhooks={data.webhooks} />

      <BusinessDetailsForm
        initial={business}
        onSaved={(saved) => {
          setBusiness(saved);
          // The currency names every amount listed.
          if (saved.currency !== data.currency) void refetch();
        }}
      />

      <RefundDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onRefunded={() => {
          setRefunding(null);
          void refetch();
        }}
      />
      <RecordPaymentDialog
        open={recording}
        clients={clients}
        initialClient={query.current.client}
        currency={data.currency}
        taxRate={business.taxRate}
        onClose={() => setRecording(false)}
        onRecorded={() => {
          setRecording(false);
          void refetch();
        }}
      />
    </>
  );
}
