'use client';

import { KeyRound, RefreshCw, ShieldCheck, ShieldOff, X } from 'lucide';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import { plural } from '#src/lib/plural.ts';
import { type TwoFactorSetup, type TwoFactorStatus, totpCodeSchema } from '#src/schemas/account.ts';
import { FormAlert, TextField } from '../kit/fields.tsx';
import { FormSection } from '../kit/form-section.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { confirmTwoFactor, disableTwoFactor, newRecoveryCodes, startTwoFactorSetup } from './api.ts';
import { ProofDialog } from './proof-dialog.tsx';
import { RecoveryCodesPanel } from './recovery-codes.tsx';

/** The secret as apps ask for it typed: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)!.join(' ');

/**
 * Two-factor sign-in on the account page: off → 'Set up two-factor sign-in' (QR code, key, first
 * code) → the recovery codes, once → on, with new recovery codes and 'Turn off' behind the password.
 */
export function TwoFactorCard({
  status,
  required,
  siteName,
  onChanged,
}: {
  status: TwoFactorStatus;
  /** The owner requires it of every admin: it cannot be turned off. */
  required: boolean;
  siteName: string;
  onChanged: () => void;
}) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'codes' | null>(null);
  const start = useAction();

  async function begin() {
    const answer = await start.run(startTwoFactorSetup, { failureTitle: 'Failed to start the setup' }, { stay: true });
    if (answer !== FAILED) setSetup(answer);
  }

  let body: ReactNode;
  if (codes) {
    body = (
      <RecoveryCodesPanel
        codes={codes}
        siteName={siteName}
        onSaved={() => {
          setCodes(null);
          onChanged();
        }}
      />
    );
  } else if (setup) {
    body = (
      <SetupPanel
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(recoveryCodes) => {
          setSetup(null);
          setCodes(recoveryCodes);
          onChanged();
        }}
      />
    );
  } else if (status.enabled) {
    body = (
      <>
        <div className="flex flex-wrap items-center gap-3">
          <Badge tone="success">
            <Icon shapes={ShieldCheck} aria-hidden="true" className="mr-1 size-3.5" /> On
          </Badge>
          <p className="text-sm text-muted">
            {status.enabledAt && (
              <>
                Since <DateTime at={status.enabledAt} style="longDate" />.{' '}
              </>
            )}
            {plural(status.recoveryCodesLeft, 'recovery code')} left.
          </p>
        </div>
        {status.recoveryCodesLeft <= 3 && (
          <FormAlert
            message={
              status.recoveryCodesLeft === 0
                ? 'You have no recovery codes left: make new ones.'
                : 'You are running out of recovery codes: make new ones.'
            }
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDialog('codes')}>
            <Icon shapes={RefreshCw} aria-hidden="true" className="size-4" /> Make new recovery codes
          </Button>
          <Button
            variant="outline"
            onClick={() => setDialog('disable')}
            disabled={required}
            aria-describedby={required ? 'two-factor-required-hint' : undefined}
          >
            <Icon shapes={ShieldOff} aria-hidden="true" className="size-4" /> Turn off two-factor sign-in
          </Button>
        </div>
        {required && (
          <p id="two-factor-required-hint" className="text-xs text-muted">
            The owner requires two-factor sign-in for every admin, so it stays on.
          </p>
        )}
      </>
    );
  } else {
    body = (
      <>
        <p className="text-sm">
          <Badge tone="neutral">Off</Badge> <span className="ml-2 text-muted">Your password alone signs you in.</span>
        </p>
        <FormAlert message={start.failure} />
        <div>
          <Button onClick={begin} disabled={start.busy}>
            <Icon shapes={ShieldCheck} aria-hidden="true" className="size-4" /> {start.busy ? 'Starting...' : 'Set up two-factor sign-in'}
          </Button>
        </div>
      </>
    );
  }

  return (
    <>
      <FormSection
        id="two-factor"
        title="Two-factor sign-in"
        intro="With it on, signing in takes your password and a 6-digit code from an authenticator app on your phone, so a stolen password alone is not enough."
        layout="mt-5 space-y-4"
      >
        {body}
      </FormSection>
      <ProofDialog
        open={dialog === 'codes'}
        title="Make new recovery codes"
        description="Your current recovery codes stop working, and ten new ones are shown once. Confirm with your password."
        submitLabel="Make new codes"
        busyLabel="Making..."
        icon={<Icon shapes={RefreshCw} aria-hidden="true" className="size-4" />}
        failureTitle="Failed to make new recovery codes"
        onCancel={() => setDialog(null)}
        action={newRecoveryCodes}
        onDone={({ recoveryCodes }) => {
          setDialog(null);
          setCodes(recoveryCodes);
        }}
      />
      <ProofDialog
        open={dialog === 'disable'}
        title="Turn off two-factor sign-in?"
        description="Your password alone will sign you in, your recovery codes stop working, and every other browser signed in to your account is signed out. Confirm with your password."
        submitLabel="Turn off"
        busyLabel="Turning off..."
        icon={<Icon shapes={ShieldOff} aria-hidden="true" className="size-4" />}
        destructive
        success={{ title: 'Two-factor sign-in turned off', description: 'We sent an email to your address about it.' }}
        failureTitle="Failed to turn off two-factor sign-in"
        onCancel={() => setDialog(null)}
        action={disableTwoFactor}
        onDone={() => {
          setDialog(null);
          onChanged();
        }}
      />
    </>
  );
}

/** The QR code and the key, then the first code from the app, which turns it on. */
function SetupPanel({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      document.getElementById('two-factor-code')?.focus();
      return;
    }
    setError(null);
    const answer = await confirm.run(
      () => confirmTwoFactor(parsed.data),
      {
        success: { title: 'Two-factor sign-in is on', description: 'Save your recovery codes now.' },
        failureTitle: 'Failed to turn on two-factor sign-in',
        fieldError: (field, message) => {
          if (field !== 'code') return false;
          setError(message);
          document.getElementById('two-factor-code')?.focus();
          return true;
        },
      },
      { stay: true },
    );
    if (answer !== FAILED) onConfirmed(answer.recoveryCodes);
  }

  return (
    <div className="grid gap-6 md:grid-cols-[auto_minmax(0,1fr)]">
      <div className="justify-self-center md:justify-self-start">
        <SquareImage
          src={setup.qrCode}
          alt="QR code for your authenticator app"
          size={208}
          className="size-52 rounded-control border border-line bg-white"
        />
      </div>
      <div className="min-w-0 space-y-4">
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            Open your authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or Authy) and scan the QR code.
          </li>
          <li>Enter the 6-digit code it shows for this site below.</li>
        </ol>
        <div>
          <p className="text-sm text-muted">Can't scan it? Enter this key in the app instead:</p>
          <p
            className="mt-1 break-all rounded-control border border-line bg-canvas px-3 py-2 font-mono text-sm tracking-wide"
            data-testid="two-factor-key"
          >
            {grouped(setup.secret)}
          </p>
        </div>
        <form noValidate onSubmit={submit} className="space-y-3">
          <TextField
            id="two-factor-code"
            label="Code from your app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            className="max-w-xs"
          />
          <FormAlert message={confirm.failure} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={confirm.busy}>
              <Icon shapes={KeyRound} aria-hidden="true" className="size-4" /> {confirm.busy ? 'Checking...' : 'Turn on'}
            </Button>
            <Button variant="outline" onClick={onCancel} disabled={confirm.busy}>
              <Icon shapes={X} aria-hidden="true" className="size-4" /> Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
