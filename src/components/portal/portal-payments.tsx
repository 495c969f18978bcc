'use client';

import { CreditCard, FileDown } from 'lucide';
import { useEffect, useState } from 'react';
import { call, errorMessage, portalApi, publicApi } from '#src/lib/api-client.ts';
import { formatDate } from '#src/lib/format-date.ts';
import { plural } from '#src/lib/plural.ts';
import { formatMoney } from '#src/schemas/money.ts';
import type { PackageForSale, PaymentEntry } from '#src/schemas/payments.ts';
import type { PortalProfile } from '#src/schemas/portal.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';

// The client's money in their portal (issue 37 §5): packages they can buy by card, and every
// payment and refund with its invoice or credit note to download.

const card = 'rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6';

export function PortalPayments({ profile, timeZone }: { profile: PortalProfile; timeZone: string }) {
  const [receipts, setReceipts] = useState<PaymentEntry[]>([]);
  const [forSale, setForSale] = useState<PackageForSale[]>([]);
  const [buying, setBuying] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    call(portalApi.me.receipts.$get()).then(setReceipts, () => undefined);
    call(portalApi.me['packages-for-sale'].$get()).then(setForSale, () => undefined);
  }, []);

  async function buy(pack: PackageForSale) {
    setBuying(pack.id);
    setFailure(null);
    try {
      const { checkoutUrl } = await call(
        publicApi.payments.packages[':id'].checkout.$post({
          param: { id: String(pack.id) },
          json: { name: profile.name, email: profile.email, timeZone },
        }),
      );
      window.location.assign(checkoutUrl);
    } catch (error) {
      setFailure(errorMessage(error, 'The payment page could not be opened. Please try again.'));
      setBuying(null);
    }
  }

  return (
    <>
      {forSale.length > 0 && (
        <section aria-labelledby="buy-heading" className="space-y-4">
          <h2 id="buy-heading" className="text-2xl font-semibold">
            Buy a package
          </h2>
          <ul className="divide-y divide-line rounded-card border border-line bg-surface shadow-sm">
            {forSale.map((pack) => (
              <li key={pack.id} className="flex flex-wrap items-center justify-between gap-3 p-4 sm:px-6">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{pack.name}</p>
                  <p className="text-sm text-muted">
                    {[plural(pack.sessions, 'session'), pack.validDays ? `valid ${plural(pack.validDays, 'day')}` : 'no expiry'].join(
                      ' · ',
                    )}
                  </p>
                </div>
                <Button size="sm" disabled={buying !== null} onClick={() => void buy(pack)}>
                  <Icon shapes={CreditCard} aria-hidden="true" className="size-4" />
                  {buying === pack.id ? 'Opening…' : `Pay ${formatMoney(pack.priceMinor, pack.currency)}`}
                  <span className="sr-only"> for {pack.name}</span>
                </Button>
              </li>
            ))}
          </ul>
          {failure && (
            <p role="alert" className="rounded-control bg-red-50 px-4 py-3 text-sm text-red-800">
              {failure}
            </p>
          )}
        </section>
      )}

      {receipts.length > 0 && (
        <section aria-labelledby="receipts-heading" className="space-y-4">
          <h2 id="receipts-heading" className="text-2xl font-semibold">
            Receipts
          </h2>
          <ul className={`${card} divide-y divide-line p-0 sm:p-0`}>
            {receipts.map((receipt) => (
              <li key={receipt.id} className="flex flex-wrap items-center justify-between gap-3 p-4 sm:px-6">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">
                    {receipt.kind === 'refund' ? 'Refund: ' : ''}
                    {receipt.description}
                  </p>
                  <p className="text-sm text-muted">
                    {formatMoney(Math.abs(receipt.amountMinor), receipt.currency)} · {formatDate(receipt.at, timeZone, 'date')}
                    {receipt.status === 'pending' && ' · on its way'}
                  </p>
                </div>
                {receipt.number && (
                  <a href={`/api/portal/me/receipts/${receipt.id}/invoice`} download className={buttonClass('outline', 'sm')}>
                    <Icon shapes={FileDown} aria-hidden="true" className="size-4" />
                    {receipt.kind === 'refund' ? 'Credit note' : 'Invoice'} {receipt.number}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
