'use client';

import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { useToast } from '../../lib/toast-store.ts';
import { type PublicUser, passwordChangeFormSchema } from '../../schemas/user.ts';
import { updateUserPassword } from './api.ts';
import { FormAlert, PasswordField } from './fields.tsx';
import { PASSWORD_FAILED, PASSWORD_UPDATED, TRY_AGAIN } from './messages.ts';

type Field = 'password' | 'confirmPassword';

/** 'Update Password' for the given user; closed while `user` is null. */
export function PasswordDialog({ user, onClose, onUpdated }: { user: PublicUser | null; onClose: () => void; onUpdated: () => void }) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => open || onClose()}
      title="Update Password"
      description={user ? `Set a new password for ${user.email}. Their open sessions will be signed out.` : undefined}
    >
      {user && <PasswordForm user={user} onCancel={onClose} onUpdated={onUpdated} />}
    </Dialog>
  );
}

function PasswordForm({ user, onCancel, onUpdated }: { user: PublicUser; onCancel: () => void; onUpdated: () => void }) {
  const toast = useToast();
  const [values, setValues] = useState({ password: '', confirmPassword: '' });
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const errors = submitted ? fieldErrors<Field>(passwordChangeFormSchema.safeParse(values)) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (!passwordChangeFormSchema.safeParse(values).success) return;
    setBusy(true);
    setFailure(null);
    try {
      // Your own password: the server re-issues your session cookie with the answer.
      await updateUserPassword(user.id, values.password);
      toast({ title: PASSWORD_UPDATED, description: `The new password for ${user.email} is in effect.` });
      onUpdated();
    } catch (error) {
      const message = errorMessage(error, TRY_AGAIN);
      toast({ variant: 'destructive', title: PASSWORD_FAILED, description: message });
      setFailure(message);
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4">
        <PasswordField
          id="change-password"
          label="New password"
          autoComplete="new-password"
          value={values.password}
          onChange={(event) => setValues({ ...values, password: event.target.value })}
          error={errors.password}
        />
        <PasswordField
          id="change-password-confirm"
          label="Confirm new password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => setValues({ ...values, confirmPassword: event.target.value })}
          error={errors.confirmPassword}
        />
      </div>
      <FormAlert message={failure} />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? 'Updating...' : 'Update Password'}
        </Button>
      </DialogActions>
    </form>
  );
}
