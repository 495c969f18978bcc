'use client';

import { Eye, EyeOff, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useRouter } from 'waku';
import { Button } from '../../components/ui/button.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import { useToast } from '../../lib/toast-store.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { loginSchema } from '../../schemas/login.ts';
import type { PublicUser } from '../../schemas/user.ts';

// docs/product.md §9: go to the admin 100 ms after signing in, once the toast is up.
export const REDIRECT_DELAY_MS = 100;

type Errors = Partial<Record<'email' | 'password', string>>;

export function LoginForm({ next }: { next: string }) {
  const toast = useToast();
  const router = useRouter();
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [loading, setLoading] = useState(false);
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
    setLoading(true);
    try {
      const { user } = await api.post<{ user: PublicUser }>('/api/auth/login', parsed.data);
      toast({ title: 'Login Successful', description: `Welcome back, ${user.email}!` });
      setTimeout(() => router.push(next), REDIRECT_DELAY_MS);
    } catch (error) {
      const message = error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Login failed';
      toast({ variant: 'destructive', title: 'Login Failed', description: message });
      setLoading(false);
    }
  }

  const fieldClass = (invalid: boolean) =>
    cn(
      'mt-2 h-12 w-full rounded-control border bg-surface px-4 text-base shadow-sm',
      invalid ? 'border-red-600' : 'border-line focus:border-primary-400',
    );

  return (
    // POST, so a submit before hydration never puts the password in a URL.
    <form method="post" noValidate onSubmit={submit} className="space-y-5">
      <div>
        <label htmlFor="login-email" className="text-sm font-semibold">
          Email
        </label>
        <input
          id="login-email"
          name="email"
          type="email"
          autoComplete="username"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? 'login-email-error' : undefined}
          className={fieldClass(!!errors.email)}
        />
        {errors.email && (
          <p id="login-email-error" className="mt-1.5 text-sm text-red-700">
            {errors.email}
          </p>
        )}
      </div>
      <div>
        <label htmlFor="login-password" className="text-sm font-semibold">
          Password
        </label>
        <div className="relative">
          <input
            id="login-password"
            name="password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? 'login-password-error' : undefined}
            className={cn(fieldClass(!!errors.password), 'pr-12')}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
            className="absolute right-1.5 top-1/2 mt-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-muted hover:bg-primary-50 hover:text-primary-900"
          >
            {showPassword ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          </button>
        </div>
        {errors.password && (
          <p id="login-password-error" className="mt-1.5 text-sm text-red-700">
            {errors.password}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={loading || !hydrated}>
        <LogIn aria-hidden="true" className="size-4" />
        {loading ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}
