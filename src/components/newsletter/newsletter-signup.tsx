'use client';

import { MailCheck, Send } from 'lucide';
import { type FormEvent, useId, useState } from 'react';
import { ApiError, call, errorMessage, publicApi } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';

type Field = 'email' | 'firstName' | 'lastName';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | 'form', string>>;

// Like the contact form's, the schema comes with the first focus, not with the page.
const loadSchema = () => import('#src/schemas/newsletter-signup.ts').then(({ signupSchema }) => signupSchema);

const FIELDS: Array<{ field: Field; label: string; type: 'email' | 'text'; autoComplete: string }> = [
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { field: 'firstName', label: 'First name (optional)', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name (optional)', type: 'text', autoComplete: 'family-name' },
];

/** The newsletter signup: an email (required), names (optional), a honeypot; one answer for every address. */
export function NewsletterSignup({ source, tone = 'light' }: { source: 'post' | 'footer' | 'services'; tone?: 'light' | 'dark' }) {
  const id = useId();
  const [values, setValues] = useState<Values>({ email: '', firstName: '', lastName: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const hydrated = useHydrated();
  const dark = tone === 'dark';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    const schema = await loadSchema();
    const found = fieldErrors<Field>(schema.safeParse(values));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSending(true);
    try {
      setDone((await call(publicApi.newsletter.subscribe.$post({ json: { ...values, source, ...(website ? { website } : {}) } }))).message);
    } catch (error) {
      const field = error instanceof ApiError ? (JSON.parse(error.body || '{}') as { field?: Field }).field : undefined;
      setErrors(field ? { [field]: errorMessage(error) } : { form: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  if (done) {
    return (
      <p
        role="status"
        className={cn('flex gap-3 rounded-control p-4 text-sm', dark ? 'bg-primary-900 text-primary-50' : 'bg-emerald-50 text-emerald-900')}
      >
        <Icon shapes={MailCheck} aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        {done}
      </p>
    );
  }
  return (
    <form method="post" noValidate onSubmit={submit} onFocus={() => void loadSchema()} aria-label="Newsletter signup">
      {errors.form && (
        <p role="alert" className="mb-3 rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        {FIELDS.map(({ field, label, type, autoComplete }) => (
          <div key={field} className="min-w-0">
            <label htmlFor={`${id}-${field}`} className={cn('text-sm font-semibold', dark ? 'text-primary-50' : 'text-ink')}>
              {label}
            </label>
            <input
              id={`${id}-${field}`}
              name={field}
              type={type}
              autoComplete={autoComplete}
              value={values[field]}
              onChange={(event) => setValues((current) => ({ ...current, [field]: event.target.value }))}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
              aria-required={field === 'email' || undefined}
              className={cn(
                'mt-1.5 h-11 w-full min-w-0 rounded-control border bg-surface px-3 text-base text-ink shadow-sm',
                errors[field] ? 'border-red-600' : 'border-line focus:border-primary-400',
              )}
            />
            {errors[field] && (
              <p id={`${id}-${field}-error`} className={cn('mt-1.5 text-sm', dark ? 'text-red-200' : 'text-red-700')}>
                {errors[field]}
              </p>
            )}
          </div>
        ))}
      </div>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are dropped. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" variant={dark ? 'accent' : 'primary'} className="mt-4 w-full sm:w-auto" disabled={sending || !hydrated}>
        <Icon shapes={Send} aria-hidden="true" className="size-4" />
        {sending ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  );
}
