'use client';

import { KeyRound, MailCheck, Send } from 'lucide';
import { type FormEvent, useState } from 'react';
import { call, errorMessage, portalApi } from '#src/lib/api-client.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { portalCodeSchema, portalSignInSchema } from '#src/schemas/portal.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Icon } from '../ui/icon.tsx';

const card = 'mx-auto max-w-md rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8';

/** Sign-in without a password: the address first, then the code from the email (or its link). */
export function PortalSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<{ field?: 'email' | 'code'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError({ message: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  function requestLink(event: FormEvent) {
    event.preventDefault();
    const parsed = portalSignInSchema.safeParse({ email });
    if (!parsed.success) return setError({ field: 'email', message: parsed.error.issues[0]!.message });
    void attempt(async () => setSent((await call(portalApi['sign-in'].$post({ json: parsed.data }))).message));
  }

  function enterCode(event: FormEvent) {
    event.preventDefault();
    const parsed = portalCodeSchema.safeParse({ email, code });
    if (!parsed.success) return setError({ field: 'code', message: parsed.error.issues[0]!.message });
    void attempt(async () => {
      await call(portalApi['sign-in'].code.$post({ json: parsed.data }));
      onSignedIn();
    });
  }

  return (
    <section aria-labelledby="portal-sign-in-heading" className={card}>
      <h2 id="portal-sign-in-heading" className="text-2xl font-semibold">
        Sign in
      </h2>
      {!sent ? (
        <form method="post" noValidate onSubmit={requestLink} className="mt-5 space-y-5">
          <p className="text-muted">
            Enter the email address you use with your coach. We will email you a sign-in link and a code: no password needed.
          </p>
          {error && !error.field && <Alert message={error.message} />}
          <FormField
            idPrefix="portal"
            name="email"
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            error={error?.field === 'email' ? error.message : undefined}
            onChange={setEmail}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
            <Icon shapes={Send} aria-hidden="true" className="size-4" />
            {busy ? 'Sending...' : 'Email me a sign-in link'}
          </Button>
        </form>
      ) : (
        <form method="post" noValidate onSubmit={enterCode} className="mt-5 space-y-5">
          <p role="status" className="flex gap-3 rounded-control border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
            <Icon shapes={MailCheck} aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {sent}
          </p>
          {error && !error.field && <Alert message={error.message} />}
          <FormField
            idPrefix="portal"
            name="code"
            label="Code from the email"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            error={error?.field === 'code' ? error.message : undefined}
            onChange={setCode}
          />
          <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
            <Icon shapes={KeyRound} aria-hidden="true" className="size-4" />
            {busy ? 'Signing in...' : 'Sign in'}
          </Button>
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => {
              setSent(null);
              setCode('');
              setError(null);
            }}
          >
            Use another address
          </Button>
        </form>
      )}
    </section>
  );
}

function Alert({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-control border border-red-200 bg-red-50 p-4 text-sm text-red-800">
      {message}
    </p>
  );
}
