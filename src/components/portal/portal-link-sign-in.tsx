'use client';

import { KeyRound } from 'lucide';
import { useState } from 'react';
import { call, errorMessage, portalApi } from '#src/lib/api-client.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';

/** One button that spends the emailed link's token, then opens the portal. */
export function PortalLinkSignIn() {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function signIn() {
    setBusy(true);
    setFailure(null);
    try {
      const token = new URLSearchParams(window.location.search).get('token') ?? '';
      await call(portalApi['sign-in'].link.$post({ json: { token } }));
      window.location.assign('/portal');
    } catch (error) {
      setFailure(errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-md space-y-5 rounded-card border border-line bg-surface p-6 text-center shadow-sm sm:p-8">
      {failure ? (
        <>
          <p role="alert" className="rounded-control border border-red-200 bg-red-50 p-4 text-red-800">
            {failure}
          </p>
          <ButtonLink to="/portal" size="lg">
            Ask for a new link
          </ButtonLink>
        </>
      ) : (
        <>
          <p className="text-muted">Sign in on this device to see your sessions, credits and notes.</p>
          <Button size="lg" className="w-full" onClick={() => void signIn()} disabled={busy || !hydrated}>
            <Icon shapes={KeyRound} aria-hidden="true" className="size-4" />
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
        </>
      )}
    </div>
  );
}
