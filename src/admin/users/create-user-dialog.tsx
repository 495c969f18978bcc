'use client';

import { UserPlus } from 'lucide';
import type { FormEvent } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { newUserFormSchema, type UserRole } from '#src/schemas/user.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { PasswordField, SelectField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { createUser, uploadProfileImage } from './api.ts';
import { useImageChoice } from './image-file.ts';
import { ImageFileField } from './image-file-field.tsx';
import { CREATE_FAILED, UPLOAD_FAILED, UPLOAD_FAILED_TITLE, USER_CREATED } from './messages.ts';

interface Values {
  email: string;
  password: string;
  role: UserRole;
  firstName: string;
  lastName: string;
}

type Field = keyof Values;

const EMPTY: Values = { email: '', password: '', role: 'user', firstName: '', lastName: '' };

export function CreateUserDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Create New User" description="Add an account that can sign in to the site.">
      <CreateUserForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Dialog>
  );
}

function CreateUserForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: () => void }) {
  const image = useImageChoice();
  const form = useForm<Values>(EMPTY, (values) => fieldErrors<Field>(newUserFormSchema.safeParse(values)), 'new-user');
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(['email', 'password', 'firstName', 'lastName', 'role']) || image.error) return;
    const { values } = form;
    const file = image.file;
    const profileImageUrl = file
      ? await run(() => uploadProfileImage(file), { failureTitle: UPLOAD_FAILED_TITLE, fallback: UPLOAD_FAILED })
      : null;
    if (profileImageUrl === FAILED) return;
    const created = await run(() => createUser({ ...values, profileImageUrl }), {
      success: { title: USER_CREATED, description: `${values.email.trim()} can now sign in.` },
      failureTitle: CREATE_FAILED,
      // The common-password list is checked by the server only: its 400 shows under the password field.
      fieldError: form.showServerError,
    });
    if (created !== FAILED) onCreated();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('email')} label="Email" type="email" autoComplete="off" className="sm:col-span-2" />
        <PasswordField {...form.field('password')} label="Password" autoComplete="new-password" className="sm:col-span-2" />
        <TextField {...form.field('firstName')} label="First name" optional autoComplete="off" />
        <TextField {...form.field('lastName')} label="Last name" optional autoComplete="off" />
        <SelectField {...form.field('role')} label="Role" className="sm:col-span-2">
          <option value="user">User</option>
          <option value="admin">Admin</option>
        </SelectField>
        <div className="flex items-start gap-3 sm:col-span-2">
          <div className="min-w-0 flex-1">
            <ImageFileField
              id="new-user-picture"
              label="Profile picture"
              optional
              error={image.error}
              onChoose={image.choose}
              disabled={busy}
            />
          </div>
          {image.preview && (
            <SquareImage
              src={image.preview}
              alt="Preview of the new avatar"
              size={56}
              className="mt-7 size-14 shrink-0 rounded-full object-cover ring-1 ring-line"
            />
          )}
        </div>
      </div>
      <DialogFormActions
        failure={failure}
        busy={busy}
        onCancel={onCancel}
        submitLabel="Create User"
        busyLabel="Creating..."
        icon={<Icon shapes={UserPlus} aria-hidden="true" className="size-4" />}
      />
    </form>
  );
}
