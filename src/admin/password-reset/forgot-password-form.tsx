'use client';

import { MailCheck, Send } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Link } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { call, publicApi } from '#src/lib/api-client.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { resetRequestSchema } from '#src/schemas/password-reset.ts';
import { FormAlert, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';

/** 'Forgot password?': asks for the address and says the same whatever it is. */
export function ForgotPasswordForm() {
  const form = useForm({ email: '' }, (values) => fieldErrors<'email'>(resetRequestSchema.safeParse(values)), 'forgot');
  const { busy, failure, run } = useAction();
  const [sent, setSent] = useState<string | null>(null);
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const answer = await run(() => call(publicApi.auth['password-reset'].$post({ json: { email: form.values.email } })), {
      failureTitle: 'Failed to send the link',
    });
    if (answer !== FAILED) setSent(answer.message);
  }

  if (sent) {
    return (
      <div role="status" className="space-y-4">
        <p className="flex gap-3 rounded-control border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          <Icon shapes={MailCheck} aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {sent}
        </p>
        <Link to="/admin/login" className="inline-block text-sm font-semibold text-primary-700 hover:text-primary-950">
          Back to sign in
        </Link>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <FormAlert message={failure} />
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="username" />
      <Button type="submit" size="lg" className="w-full" disabled={busy || !hydrated}>
        <Icon shapes={Send} aria-hidden="true" className="size-4" />
        {busy ? 'Sending...' : 'Send reset link'}
      </Button>
      <Link to="/admin/login" className="inline-block text-sm font-semibold text-primary-700 hover:text-primary-950">
        Back to sign in
      </Link>
    </form>
  );
}
