'use client';

import { LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useRouter } from 'waku';
import { Button } from '../../components/ui/button.tsx';
import { api } from '../../lib/api-client.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { loginSchema } from '../../schemas/login.ts';
import type { PublicUser } from '../../schemas/user.ts';
import { PasswordField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';

// docs/product.md §9: go to the admin 100 ms after signing in, once the toast is up.
export const REDIRECT_DELAY_MS = 100;

type Errors = Partial<Record<'email' | 'password', string>>;

export function LoginForm({ next }: { next: string }) {
  const router = useRouter();
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
    const answer = await signIn.run(() => api.post<{ user: PublicUser }>('/api/auth/login', parsed.data), {
      success: ({ user }) => ({ title: 'Login Successful', description: `Welcome back, ${user.email}!` }),
      failureTitle: 'Login Failed',
      fallback: 'Login failed',
    });
    if (answer !== FAILED) setTimeout(() => router.push(next), REDIRECT_DELAY_MS);
  }

  return (
    // POST, so a submit before hydration never puts the password in a URL.
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <TextField id="login-email" name="email" label="Email" type="email" autoComplete="username" error={errors.email} />
      <div>
        <PasswordField id="login-password" name="password" label="Password" autoComplete="current-password" error={errors.password} />
        <Link to="/admin/forgot-password" className="mt-2 inline-block text-sm font-semibold text-primary-700 hover:text-primary-950">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={signIn.busy || !hydrated}>
        <LogIn aria-hidden="true" className="size-4" />
        {signIn.busy ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
