'use client';

import { LogIn, ShieldCheck } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Link, useRouter } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { ApiError, call, publicApi } from '#src/lib/api-client.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { useToast } from '#src/lib/toast-store.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { RECOVERY_CODE_MESSAGE, recoveryCodeSchema, totpCodeSchema } from '#src/schemas/account.ts';
import { loginSchema } from '#src/schemas/login.ts';
import type { PublicUser } from '#src/schemas/user.ts';
import { FormAlert, PasswordField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';

// docs/product.md §9: go to the admin 100 ms after signing in, once the toast is up.
export const REDIRECT_DELAY_MS = 100;

type Errors = Partial<Record<'email' | 'password', string>>;

/** The answers of a sign-in (server/services/sign-in.ts) that mean "start again with the password". */
const CHALLENGE_GONE = ['Your sign-in has expired. Please sign in again.', 'Too many wrong codes. Please sign in again.'];

const welcome = ({ user }: { user: PublicUser }) => ({ title: 'Login Successful', description: `Welcome back, ${user.email}!` });

/**
 * The sign-in: the e-mail and password, then, for an account with two-factor sign-in, a code from
 * the authenticator app or a recovery code (docs/security.md#two-factor-sign-in).
 */
export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
  const [secondStep, setSecondStep] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const signedIn = () => setTimeout(() => router.push(next), REDIRECT_DELAY_MS);

  if (secondStep) {
    return (
      <SecondFactorForm
        onSignedIn={signedIn}
        onRestart={(reason) => {
          setNotice(reason);
          setSecondStep(false);
        }}
      />
    );
  }
  return (
    <PasswordForm
      notice={notice}
      onSignedIn={signedIn}
      onSecondFactor={() => {
        setNotice(null);
        setSecondStep(true);
      }}
    />
  );
}

function PasswordForm({
  notice,
  onSignedIn,
  onSecondFactor,
}: {
  notice: string | null;
  onSignedIn: () => void;
  onSecondFactor: () => void;
}) {
  const toast = useToast();
  const [errors, setErrors] = useState<Errors>({});
  const signIn = useAction();
  // Until the page is interactive a click could only post the form natively, losing the sign-in.
  const hydrated = useHydrated();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Uncontrolled fields: whatever was typed before the page hydrated is still in the form.
    const form = new FormData(event.currentTarget);
    const parsed = loginSchema.safeParse({ email: form.get('email'), password: form.get('password') });
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed));
      return;
    }
    setErrors({});
    // Busy until the admin opens: the button keeps saying 'Signing in...'.
    const answer = await signIn.run(() => call(publicApi.auth.login.$post({ json: parsed.data })), {
      failureTitle: 'Login Failed',
      fallback: 'Login failed',
    });
    if (answer === FAILED) return;
    if ('user' in answer) {
      toast(welcome(answer));
      onSignedIn();
    } else {
      onSecondFactor();
    }
  }

  return (
    // POST, so a submit before hydration never puts the password in a URL.
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormAlert message={notice} />
      <TextField id="login-email" name="email" label="Email" type="email" autoComplete="username" error={errors.email} />
      <div>
        <PasswordField id="login-password" name="password" label="Password" autoComplete="current-password" error={errors.password} />
        <Link to="/admin/forgot-password" className="mt-2 inline-block text-sm font-semibold text-primary-700 hover:text-primary-950">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.busy || !hydrated}>
        <Icon shapes={LogIn} aria-hidden="true" className="size-4" />
        {signIn.busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/** The second step: a 6-digit code from the app, or (by the link under it) a recovery code. */
function SecondFactorForm(props: { onSignedIn: () => void; onRestart: (reason: string | null) => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  // Keyed by the kind of code: switching starts that form afresh, without the other's refusal.
  return (
    <CodeForm
      key={useRecovery ? 'recovery' : 'app'}
      useRecovery={useRecovery}
      onSwitch={() => setUseRecovery((value) => !value)}
      {...props}
    />
  );
}

function CodeForm({
  useRecovery,
  onSwitch,
  onSignedIn,
  onRestart,
}: {
  useRecovery: boolean;
  onSwitch: () => void;
  onSignedIn: () => void;
  onRestart: (reason: string | null) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const verify = useAction();
  const fieldId = useRecovery ? 'login-recovery-code' : 'login-code';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '');
    const parsed = (useRecovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setError(useRecovery ? RECOVERY_CODE_MESSAGE : (parsed.error.issues[0]?.message ?? RECOVERY_CODE_MESSAGE));
      document.getElementById(fieldId)?.focus();
      return;
    }
    setError(null);
    const body = useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data };
    let refusal: string | undefined;
    const answer = await verify.run(
      async () => {
        try {
          return await call(publicApi.auth.login['second-factor'].$post({ json: body }));
        } catch (caught) {
          refusal = caught instanceof ApiError ? caught.serverMessage : undefined;
          throw caught;
        }
      },
      { success: welcome, failureTitle: 'Login Failed', fallback: 'Login failed' },
    );
    if (answer !== FAILED) onSignedIn();
    // The challenge expired or ran out of tries: back to the password, saying why.
    else if (refusal && CHALLENGE_GONE.includes(refusal)) onRestart(refusal);
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <div className="flex gap-3 rounded-control border border-primary-100 bg-primary-50 p-3 text-sm text-primary-950">
        <Icon shapes={ShieldCheck} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary-700" />
        <p>
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in.'
            : 'Enter the 6-digit code from your authenticator app'}
        </p>
      </div>
      {useRecovery ? (
        <TextField
          key="recovery"
          id={fieldId}
          name="code"
          label="Recovery code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          error={error}
        />
      ) : (
        <TextField
          key="totp"
          id={fieldId}
          name="code"
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          autoFocus
          error={error}
        />
      )}
      <FormAlert message={verify.failure} />
      <Button type="submit" size="lg" className="w-full" disabled={verify.busy}>
        <Icon shapes={ShieldCheck} aria-hidden="true" className="size-4" />
        {verify.busy ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="button" onClick={onSwitch} className="rounded-sm font-semibold text-primary-700 hover:text-primary-950">
          {useRecovery ? 'Use your authenticator app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" onClick={() => onRestart(null)} className="rounded-sm font-semibold text-muted hover:text-primary-950">
          Start over
        </button>
      </div>
    </form>
  );
}
