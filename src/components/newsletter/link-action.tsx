'use client';

import { type ReactNode, useState } from 'react';
import { call, errorMessage, publicApi } from '#src/lib/api-client.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import type { NewsletterAnswer } from '#src/schemas/newsletter-signup.ts';
import { Button } from '../ui/button.tsx';

interface LinkActionProps {
  /** The POST this button sends; the token goes in the body or, for unsubscribe, in the URL. */
  send: () => Promise<NewsletterAnswer>;
  label: string;
  busyLabel: string;
  /** What to offer once it worked (the unsubscribe page's way back). */
  after?: (message: string) => ReactNode;
}

/** One button that acts on an emailed link: a GET only shows it, so a link scanner changes nothing. */
export function LinkAction({ send, label, busyLabel, after }: LinkActionProps) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const hydrated = useHydrated();

  async function run() {
    setBusy(true);
    try {
      setResult({ ok: true, message: (await send()).message });
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  if (result?.ok) {
    return (
      <div className="space-y-5">
        <p role="status" className="rounded-control border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
          {result.message}
        </p>
        {after?.(result.message)}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {result && (
        <p role="alert" className="rounded-control border border-red-200 bg-red-50 p-4 text-red-800">
          {result.message}
        </p>
      )}
      <Button size="lg" onClick={run} disabled={busy || !hydrated}>
        {busy ? busyLabel : label}
      </Button>
    </div>
  );
}

export const confirmSubscription = (token: string) => call(publicApi.newsletter.confirm.$post({ json: { token } }));
export const unsubscribeFrom = (token: string) => call(publicApi.newsletter.unsubscribe.$post({ query: { token } }));
export const resubscribeWith = (token: string) => call(publicApi.newsletter.resubscribe.$post({ json: { token } }));
