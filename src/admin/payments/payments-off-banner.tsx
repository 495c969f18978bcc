import { CreditCard } from 'lucide';
import { Icon } from '#src/components/ui/icon.tsx';

/** The events Stripe must send to the site's webhook (server/services/payments/webhook.ts acts on these). */
export const WEBHOOK_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired'];

const Code = ({ children }: { children: string }) => (
  <code className="rounded bg-surface px-1 py-0.5 font-mono text-[0.8125rem] [overflow-wrap:anywhere] text-primary-950 ring-1 ring-line">
    {children}
  </code>
);

/** Issue 37 §2: while either STRIPE_* secret is missing, the screen says in plain words how to turn card payments on. */
export function PaymentsOffBanner({ webhookUrl }: { webhookUrl: string }) {
  return (
    <section aria-labelledby="payments-off-heading" className="mt-6 rounded-card border border-accent-200 bg-accent-50 p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <Icon shapes={CreditCard} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-800" />
        <div className="min-w-0 text-sm leading-relaxed text-ink">
          <h2 id="payments-off-heading" className="text-base font-semibold">
            Card payments are off
          </h2>
          <p className="mt-1">
            Visitors cannot pay by card yet, so paid sessions and packages cannot be booked or bought online. Payments you record by hand
            (bank transfer or cash) still work.
          </p>
          <p className="mt-3 font-semibold">To take cards with Stripe:</p>
          <ol className="mt-1 list-decimal space-y-1.5 pl-5">
            <li>
              In Stripe's dashboard, add a webhook endpoint at <Code>{webhookUrl}</Code> that sends the events{' '}
              {WEBHOOK_EVENTS.map((event, index) => (
                <span key={event}>
                  <Code>{event}</Code>
                  {index < WEBHOOK_EVENTS.length - 2 ? ', ' : index === WEBHOOK_EVENTS.length - 2 ? ' and ' : '.'}
                </span>
              ))}
            </li>
            <li>
              Set <Code>STRIPE_SECRET_KEY</Code> (your secret key, <Code>sk_live_…</Code>) and <Code>STRIPE_WEBHOOK_SECRET</Code> (that
              endpoint's signing secret, <Code>whsec_…</Code>) in the site's environment.
            </li>
            <li>Restart the site. This notice goes away once both are set.</li>
          </ol>
        </div>
      </div>
    </section>
  );
}
