'use client';

import { KeyRound } from 'lucide';
import type { FormEvent } from 'react';
import { Link, useRouter } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { call, publicApi } from '#src/lib/api-client.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { resetFormSchema } from '#src/schemas/password-reset.ts';
import { FormAlert, PasswordField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';

type Field = 'password' | 'confirmPassword';

/** The reset link's page: a new password twice; on success the account is signed in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const form = useForm({ password: '', confirmPassword: '' }, (values) => fieldErrors<Field>(resetFormSchema.safeParse(values)), 'reset');
  const { busy, failure: refused, run } = useAction();
  const failure = token ? refused : 'This reset link is not valid. Ask for a new one.';
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const done = await run(
      () => call(publicApi.auth['password-reset'].confirm.$post({ json: { token, password: form.values.password } })),
      {
        // An account with two-factor sign-in is not signed in by the link: it signs in with both factors.
        success: ({ user, twoFactorRequired }) =>
          twoFactorRequired
            ? { title: 'Password updated', description: 'Sign in with your new password and a code from your authenticator app.' }
            : { title: 'Password updated', description: `You are signed in as ${user.email}.` },
        failureTitle: 'Failed to set the password',
        // The common-password list is checked by the server only: its 400 shows under the password field.
        fieldError: form.showServerError,
      },
    );
    if (done !== FAILED) router.push(done.twoFactorRequired ? '/admin/login' : '/admin');
  }

  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      {failure && (
        <div className="space-y-2">
          <FormAlert message={failure} />
          <Link to="/admin/forgot-password" className="inline-block text-sm font-semibold text-primary-700 hover:text-primary-950">
            Ask for a new link
          </Link>
        </div>
      )}
      <PasswordField {...form.field('password')} label="New password" autoComplete="new-password" />
      <PasswordField {...form.field('confirmPassword')} label="Confirm new password" autoComplete="new-password" />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated || !token}>
        <Icon shapes={KeyRound} aria-hidden="true" className="size-4" />
        {busy ? 'Saving...' : 'Set new password'}
      </Button>
    </form>
  );
}
