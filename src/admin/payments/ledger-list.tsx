'use client';

import { FileText, Undo2 } from 'lucide';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { formatMoney } from '#src/schemas/money.ts';
import type { PaymentEntry } from '#src/schemas/payments.ts';
import { DateTime } from '../kit/time-zone.tsx';
import { invoiceUrl } from './api.ts';
import { METHOD_LABELS, STATUS_BADGES } from './payment-labels.ts';

/** Whether the coach can still give back some of this row: a payment that went through, not wholly refunded. */
export const canRefund = (entry: PaymentEntry) => entry.kind === 'payment' && entry.status === 'succeeded' && entry.refundableMinor > 0;

const refundedPart = (entry: PaymentEntry) =>
  entry.kind === 'payment' && entry.status === 'succeeded' ? entry.amountMinor - entry.refundableMinor : 0;

function StatusBadge({ entry }: { entry: PaymentEntry }) {
  const { label, tone } = STATUS_BADGES[entry.status];
  return (
    <Badge tone={tone} className="px-2 py-0.5">
      {label}
    </Badge>
  );
}

function RefundMark({ entry }: { entry: PaymentEntry }) {
  if (entry.kind !== 'refund') return null;
  return (
    <Badge tone="neutral" className="px-2 py-0.5">
      Refund
    </Badge>
  );
}

/** Why a row failed, or why a card refund is still being retried. */
function LastError({ entry }: { entry: PaymentEntry }) {
  if (!entry.lastError || entry.status === 'succeeded') return null;
  return <p className="mt-1 text-xs break-words text-red-700">{entry.lastError}</p>;
}

function What({ entry }: { entry: PaymentEntry }) {
  return (
    <>
      <p className="text-ink">{entry.description}</p>
      {entry.reason && <p className="mt-0.5 text-xs text-muted">Reason: {entry.reason}</p>}
    </>
  );
}

function Amount({ entry, className }: { entry: PaymentEntry; className?: string }) {
  const refunded = refundedPart(entry);
  return (
    <div className={cn('tabular-nums', className)}>
      <p className="font-semibold whitespace-nowrap text-ink">{formatMoney(entry.amountMinor, entry.currency)}</p>
      {refunded > 0 && <p className="text-xs whitespace-nowrap text-muted">{formatMoney(refunded, entry.currency)} refunded</p>}
    </div>
  );
}

function Actions({ entry, onRefund }: { entry: PaymentEntry; onRefund: (entry: PaymentEntry) => void }) {
  return (
    <>
      {entry.number && (
        <a href={invoiceUrl(entry.id)} download className={buttonClass('ghost', 'sm', 'px-2 whitespace-nowrap')}>
          <Icon shapes={FileText} aria-hidden="true" className="size-4" />
          {entry.kind === 'refund' ? 'Credit note' : 'Invoice'}
          <span className="sr-only"> {entry.number}</span>
        </a>
      )}
      {canRefund(entry) && (
        <Button variant="outline" size="sm" onClick={() => onRefund(entry)}>
          <Icon shapes={Undo2} aria-hidden="true" className="size-4" /> Refund
          <span className="sr-only"> {entry.number ?? entry.description}</span>
        </Button>
      )}
    </>
  );
}

const COLUMNS = [
  { label: 'Date', className: 'whitespace-nowrap' },
  { label: 'Number', className: 'whitespace-nowrap' },
  { label: 'Payer and what for' },
  { label: 'Method' },
  { label: 'Status' },
  { label: 'Amount', className: 'text-right' },
  { label: 'Documents and actions', className: 'text-right', hidden: true },
];

/**
 * The money ledger: a table on wide screens, a card per row below 1280 px (the table has seven
 * columns beside the menu), both from the same rows.
 */
export function LedgerList({ entries, onRefund }: { entries: PaymentEntry[]; onRefund: (entry: PaymentEntry) => void }) {
  return (
    <>
      <div className="hidden overflow-x-auto xl:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line bg-canvas text-xs font-semibold tracking-wide text-muted uppercase">
            <tr>
              {COLUMNS.map(({ label, className, hidden }) => (
                <th key={label} scope="col" className={cn('px-4 py-3', className)}>
                  {hidden ? <span className="sr-only">{label}</span> : label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id} className="align-top" data-testid="payment-row">
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  <DateTime at={entry.at} style="date" />
                </td>
                <td className="px-4 py-3 font-medium whitespace-nowrap text-ink">{entry.number ?? '—'}</td>
                <td className="min-w-56 px-4 py-3">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold text-primary-950">{entry.payerName}</span>
                    <RefundMark entry={entry} />
                  </p>
                  <p className="text-xs break-all text-muted">{entry.payerEmail}</p>
                  <div className="mt-1">
                    <What entry={entry} />
                  </div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{METHOD_LABELS[entry.method]}</td>
                <td className="px-4 py-3">
                  <StatusBadge entry={entry} />
                  <LastError entry={entry} />
                </td>
                <td className="px-4 py-3 text-right">
                  <Amount entry={entry} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-1">
                    <Actions entry={entry} onRefund={onRefund} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="divide-y divide-line xl:hidden">
        {entries.map((entry) => (
          <li key={entry.id} className="px-4 py-4 sm:px-6" data-testid="payment-row">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-primary-950">{entry.payerName}</span>
                  <StatusBadge entry={entry} />
                  <RefundMark entry={entry} />
                </p>
                <p className="text-xs break-all text-muted">{entry.payerEmail}</p>
              </div>
              <Amount entry={entry} className="shrink-0 text-right" />
            </div>
            <div className="mt-2 text-sm">
              <What entry={entry} />
            </div>
            <p className="mt-1 text-xs text-muted">
              <DateTime at={entry.at} style="date" />
              {entry.number && <> · {entry.number}</>} · {METHOD_LABELS[entry.method]}
            </p>
            <LastError entry={entry} />
            {(entry.number || canRefund(entry)) && (
              <div className="mt-2 -ml-2 flex flex-wrap items-center gap-2">
                <Actions entry={entry} onRefund={onRefund} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
