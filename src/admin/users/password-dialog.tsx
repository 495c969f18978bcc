'use client';

import type { FormEvent } from 'react';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { type PublicUser, passwordChangeFormSchema } from '#src/schemas/user.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { PasswordField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { updateUserPassword } from './api.ts';
import { PASSWORD_FAILED, PASSWORD_UPDATED } from './messages.ts';

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
  const form = useForm(
    { password: '', confirmPassword: '' },
    (values) => fieldErrors<Field>(passwordChangeFormSchema.safeParse(values)),
    'change',
  );
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    // Your own password: the server re-issues your session cookie with the answer.
    const done = await run(() => updateUserPassword(user.id, form.values.password), {
      success: { title: PASSWORD_UPDATED, description: `The new password for ${user.email} is in effect.` },
      failureTitle: PASSWORD_FAILED,
      // The common-password list is checked by the server only: its 400 shows under the password field.
      fieldError: form.showServerError,
    });
    if (done !== FAILED) onUpdated();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4">
        <PasswordField {...form.field('password')} label="New password" autoComplete="new-password" />
        <PasswordField {...form.field('confirmPassword')} label="Confirm new password" autoComplete="new-password" />
      </div>
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel="Update Password" busyLabel="Updating..." />
    </form>
  );
}
