'use client';

import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { PASSWORD_OR_CODE_MESSAGE, type ReauthenticationInput, totpCodeSchema } from '#src/schemas/account.ts';
import { Dialog, DialogActions } from '../kit/dialog.tsx';
import { FormAlert, PasswordField, TextField } from '../kit/fields.tsx';
import { type ActionMessages, FAILED, useAction } from '../kit/use-action.ts';

interface ProofDialogProps<T> extends ActionMessages<T> {
  open: boolean;
  title: string;
  description: string;
  submitLabel: string;
  busyLabel: string;
  icon: ReactNode;
  /** A red submit button (turning two-factor sign-in off). */
  destructive?: boolean;
  onCancel: () => void;
  /** The change, with the password or code typed. */
  action: (proof: ReauthenticationInput) => Promise<T>;
  onDone: (value: T) => void;
}

/** A change to two-factor sign-in that asks again who you are: the current password, or a code from the app. */
export function ProofDialog<T>({ open, title, description, onCancel, ...rest }: ProofDialogProps<T>) {
  return (
    <Dialog open={open} onOpenChange={(next) => next || onCancel()} title={title} description={description}>
      {open && <ProofForm onCancel={onCancel} {...rest} />}
    </Dialog>
  );
}

function ProofForm<T>({
  submitLabel,
  busyLabel,
  icon,
  destructive = false,
  onCancel,
  action,
  onDone,
  ...messages
}: Omit<ProofDialogProps<T>, 'open' | 'title' | 'description'>) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { busy, failure, run } = useAction();
  const id = withCode ? 'proof-code' : 'proof-password';

  async function submit(event: FormEvent) {
    event.preventDefault();
    let proof: ReauthenticationInput;
    if (withCode) {
      const parsed = totpCodeSchema.safeParse(value);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? PASSWORD_OR_CODE_MESSAGE);
        document.getElementById(id)?.focus();
        return;
      }
      proof = { code: parsed.data };
    } else {
      if (!value) {
        setError('Enter your current password');
        document.getElementById(id)?.focus();
        return;
      }
      proof = { password: value };
    }
    setError(null);
    const done = await run(() => action(proof), {
      ...messages,
      // A wrong password or code is said under its field.
      fieldError: (field, message) => {
        if (field !== 'password' && field !== 'code') return false;
        setError(message);
        document.getElementById(id)?.focus();
        return true;
      },
    });
    if (done !== FAILED) onDone(done);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {withCode ? (
        <TextField
          key="code"
          id={id}
          label="Code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
      ) : (
        <PasswordField
          key="password"
          id={id}
          label="Current password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
      )}
      <button
        type="button"
        onClick={() => {
          setWithCode((current) => !current);
          setValue('');
          setError(null);
        }}
        className="rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-950"
      >
        {withCode ? 'Use your password instead' : 'Use a code from your authenticator app instead'}
      </button>
      <FormAlert message={failure} className="mt-4" />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'primary'} disabled={busy}>
          {icon}
          {busy ? busyLabel : submitLabel}
        </Button>
      </DialogActions>
    </form>
  );
}
