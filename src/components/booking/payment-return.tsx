'use client';

import { CalendarCheck2, CircleAlert, LoaderCircle } from 'lucide';
import { useEffect, useState } from 'react';
import { call, errorMessage, publicApi } from '#src/lib/api-client.ts';
import type { HoldStatus } from '#src/schemas/payments.ts';
import { ButtonLink } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { CallTime, useVisitorLocale, useVisitorTimeZone } from './booking-flow.tsx';

// Where Stripe sends a visitor back after paying (issue 37 §2). Coming back books nothing: the
// page asks how the hold stands until the webhook has booked it (or let it go), every 2 seconds
// for at most 2 minutes.

const POLL_MS = 2_000;
const POLLS = 60;
const card = 'mx-auto flex max-w-xl flex-col items-center rounded-card border border-line bg-surface px-6 py-14 text-center shadow-sm';

export function PaymentReturn() {
  const [status, setStatus] = useState<HoldStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  const [timeZone] = useVisitorTimeZone();
  const locale = useVisitorLocale();

  useEffect(() => {
    const hold = new URLSearchParams(window.location.search).get('hold') ?? '';
    let polls = 0;
    let timer: ReturnType<typeof setTimeout>;
    const ask = () =>
      call(publicApi.payments.holds.status.$get({ query: { hold } }))
        .then((answer) => {
          setStatus(answer);
          polls += 1;
          if (answer.status !== 'pending') return;
          if (polls < POLLS) timer = setTimeout(ask, POLL_MS);
          else setGaveUp(true);
        })
        .catch((error: unknown) => setFailure(errorMessage(error, 'Your payment could not be looked up. Please try again.')));
    void ask();
    return () => clearTimeout(timer);
  }, []);

  if (failure) {
    return (
      <div role="alert" className={card}>
        <Icon shapes={CircleAlert} aria-hidden="true" className="size-12 text-red-700" />
        <h2 className="mt-4 text-2xl font-semibold">We could not find this payment</h2>
        <p className="mt-3 text-muted">{failure}</p>
      </div>
    );
  }
  if (status?.status === 'paid') {
    return (
      <div role="status" className={card}>
        <Icon shapes={CalendarCheck2} aria-hidden="true" className="size-12 text-emerald-600" />
        <h2 className="mt-4 text-2xl font-semibold">{status.kind === 'booking' ? 'Paid and booked' : 'Paid: your package is ready'}</h2>
        <p className="mt-3 text-muted">
          {status.kind === 'booking' && status.start ? (
            <>
              {status.name}: <CallTime start={status.start} timeZone={timeZone} locale={locale} />.{' '}
            </>
          ) : (
            `${status.name}. `
          )}
          Your receipt and confirmation are on their way by email.
        </p>
      </div>
    );
  }
  if (status?.status === 'released') {
    return (
      <div role="status" className={card}>
        <Icon shapes={CircleAlert} aria-hidden="true" className="size-12 text-amber-600" />
        <h2 className="mt-4 text-2xl font-semibold">This payment was not completed in time</h2>
        <p className="mt-3 text-muted">
          The time held for you has been released. If you were charged, the full amount is refunded automatically and you will get an email
          about it.
        </p>
        <ButtonLink to="/book" className="mt-6">
          Choose a time again
        </ButtonLink>
      </div>
    );
  }
  return (
    <div role="status" aria-busy="true" className={card}>
      <Icon shapes={LoaderCircle} aria-hidden="true" className="size-12 animate-spin text-primary-700" />
      <h2 className="mt-4 text-2xl font-semibold">Confirming your payment</h2>
      <p className="mt-3 text-muted">
        {gaveUp
          ? 'Your payment has not been confirmed yet. You will get an email as soon as it is; there is no need to pay again.'
          : 'Stripe is confirming your payment with us. This usually takes a few seconds.'}
      </p>
    </div>
  );
}
