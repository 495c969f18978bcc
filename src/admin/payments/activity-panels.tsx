'use client';

import { Badge } from '#src/components/ui/badge.tsx';
import { cn } from '#src/lib/cn.ts';
import { plural } from '#src/lib/plural.ts';
import { formatMoney } from '#src/schemas/money.ts';
import type { HoldEntry, WebhookEntry } from '#src/schemas/payments.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { HOLD_BADGES } from './payment-labels.ts';

// Issue 37 §7: the holds (people at Stripe's page now, or lately) and the webhook deliveries with
// their outcome. Tables from 768 px up; a card per row below.

const headClass = 'border-b border-line bg-canvas text-xs font-semibold tracking-wide text-muted uppercase';

function Head({ labels }: { labels: Array<{ label: string; className?: string }> }) {
  return (
    <thead className={headClass}>
      <tr>
        {labels.map(({ label, className }) => (
          <th key={label} scope="col" className={cn('px-4 py-3', className)}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function HoldBadge({ hold }: { hold: HoldEntry }) {
  const { label, tone } = HOLD_BADGES[hold.status];
  return (
    <Badge tone={tone} className="px-2 py-0.5">
      {label}
    </Badge>
  );
}

const Start = ({ hold }: { hold: HoldEntry }) => (hold.start ? <DateTime at={hold.start} labelled={false} /> : <>—</>);

export function HoldsPanel({ holds }: { holds: HoldEntry[] }) {
  return (
    <ListPanel name="holds" title="Holds" count={`${plural(holds.length, 'hold')}, newest first`} refreshing={false}>
      <p className="border-b border-line px-4 py-3 text-sm text-muted sm:px-6">
        A paid session or package keeps its place while the visitor is on Stripe's page. It is booked once Stripe says it is paid, and let
        go when the time runs out unpaid.
      </p>
      {holds.length === 0 ? (
        <EmptyState className="m-4 sm:m-6" message="Nobody has gone to pay by card yet." />
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <Head
                labels={[
                  { label: 'Name' },
                  { label: 'What' },
                  { label: 'Start', className: 'whitespace-nowrap' },
                  { label: 'Status' },
                  { label: 'Until', className: 'whitespace-nowrap' },
                ]}
              />
              <tbody className="divide-y divide-line">
                {holds.map((hold) => (
                  <tr key={hold.id} className="align-top" data-testid="hold-row">
                    <td className="px-4 py-3">
                      <p className="font-semibold text-primary-950">{hold.name}</p>
                      <p className="text-xs break-all text-muted">{hold.email}</p>
                    </td>
                    <td className="px-4 py-3">
                      <p>{hold.what}</p>
                      <p className="text-xs text-muted tabular-nums">{formatMoney(hold.amountMinor, hold.currency)}</p>
                    </td>
                    <td className="px-4 py-3 text-muted">
                      <Start hold={hold} />
                    </td>
                    <td className="px-4 py-3">
                      <HoldBadge hold={hold} />
                    </td>
                    <td className="px-4 py-3 text-muted">
                      <DateTime at={hold.expiresAt} labelled={false} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-line md:hidden">
            {holds.map((hold) => (
              <li key={hold.id} className="px-4 py-3 text-sm sm:px-6" data-testid="hold-row">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-primary-950">{hold.name}</span>
                  <HoldBadge hold={hold} />
                </p>
                <p className="text-xs break-all text-muted">{hold.email}</p>
                <p className="mt-1">
                  {hold.what} · <span className="tabular-nums">{formatMoney(hold.amountMinor, hold.currency)}</span>
                </p>
                <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-xs text-muted">
                  <dt>Start</dt>
                  <dd>
                    <Start hold={hold} />
                  </dd>
                  <dt>Until</dt>
                  <dd>
                    <DateTime at={hold.expiresAt} labelled={false} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
        </>
      )}
    </ListPanel>
  );
}

export function WebhooksPanel({ webhooks }: { webhooks: WebhookEntry[] }) {
  return (
    <ListPanel
      name="webhooks"
      title="Webhook deliveries"
      count={`${plural(webhooks.length, 'delivery', 'deliveries')} from Stripe, newest first`}
      refreshing={false}
    >
      {webhooks.length === 0 ? (
        <EmptyState className="m-4 sm:m-6" message="Stripe has not sent anything yet." />
      ) : (
        <>
          <div className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <Head labels={[{ label: 'Received', className: 'whitespace-nowrap' }, { label: 'Type' }, { label: 'Outcome' }]} />
              <tbody className="divide-y divide-line">
                {webhooks.map((event) => (
                  <tr key={event.id} className="align-top" data-testid="webhook-row">
                    <td className="px-4 py-3 whitespace-nowrap text-muted">
                      <DateTime at={event.receivedAt} labelled={false} />
                    </td>
                    <td className="px-4 py-3 font-mono text-xs break-all">{event.type}</td>
                    <td className="px-4 py-3">{event.outcome}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="divide-y divide-line md:hidden">
            {webhooks.map((event) => (
              <li key={event.id} className="px-4 py-3 text-sm sm:px-6" data-testid="webhook-row">
                <p className="text-xs text-muted">
                  <DateTime at={event.receivedAt} labelled={false} />
                </p>
                <p className="mt-0.5 font-mono text-xs break-all">{event.type}</p>
                <p className="mt-0.5">{event.outcome}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </ListPanel>
  );
}
