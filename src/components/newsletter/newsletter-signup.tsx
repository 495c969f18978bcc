'use client';

import { ChevronDown, MailCheck, Send } from 'lucide';
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

type FieldSpec = { field: Field; label: string; type: 'email' | 'text'; autoComplete: string };

const EMAIL: FieldSpec = { field: 'email', label: 'Email', type: 'email', autoComplete: 'email' };
const NAMES: FieldSpec[] = [
  { field: 'firstName', label: 'First name (optional)', type: 'text', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name (optional)', type: 'text', autoComplete: 'family-name' },
];

/**
 * The newsletter signup: an email is all it asks (issue 32 §6); "Add your name" reveals the
 * optional names. A honeypot; one answer for every address.
 */
export function NewsletterSignup({ source, tone = 'light' }: { source: 'post' | 'footer' | 'services'; tone?: 'light' | 'dark' }) {
  const id = useId();
  const [values, setValues] = useState<Values>({ email: '', firstName: '', lastName: '' });
  const [named, setNamed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const hydrated = useHydrated();
  const dark = tone === 'dark';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const website = String(new FormData(event.currentTarget).get('website') ?? '');
    const schema = await loadSchema();
    // Names folded away again are not sent.
    const input = named ? values : { email: values.email };
    const found = fieldErrors<Field>(schema.safeParse(input));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setSending(true);
    try {
      setDone((await call(publicApi.newsletter.subscribe.$post({ json: { ...input, source, ...(website ? { website } : {}) } }))).message);
    } catch (error) {
      const field = error instanceof ApiError ? (JSON.parse(error.body || '{}') as { field?: Field }).field : undefined;
      setErrors(field ? { [field]: errorMessage(error) } : { form: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  const change = (field: Field, value: string) => setValues((current) => ({ ...current, [field]: value }));

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
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onFocus={() => void loadSchema()}
      aria-label="Newsletter signup"
      className="@container"
    >
      {errors.form && (
        <p role="alert" className="mb-3 rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {errors.form}
        </p>
      )}
      <SignupField spec={EMAIL} id={id} dark={dark} value={values.email} error={errors.email} onChange={change} />
      <button
        type="button"
        aria-expanded={named}
        aria-controls={`${id}-names`}
        onClick={() => setNamed(!named)}
        className={cn(
          'mt-1 flex min-h-11 w-fit items-center gap-1.5 rounded-sm text-sm font-semibold underline-offset-4 hover:underline',
          dark ? 'text-accent-300 hover:text-accent-200' : 'text-primary-700 hover:text-primary-900',
        )}
      >
        Add your name
        <Icon shapes={ChevronDown} aria-hidden="true" className={cn('size-4 transition-transform', named && 'rotate-180')} />
      </button>
      <div id={`${id}-names`} hidden={!named} className="grid gap-3 pb-1 @md:grid-cols-2">
        {NAMES.map((spec) => (
          <SignupField
            key={spec.field}
            spec={spec}
            id={id}
            dark={dark}
            value={values[spec.field]}
            error={errors[spec.field]}
            onChange={change}
          />
        ))}
      </div>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are dropped. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" variant={dark ? 'accent' : 'primary'} className="mt-2 w-full @md:w-auto" disabled={sending || !hydrated}>
        <Icon shapes={Send} aria-hidden="true" className="size-4" />
        {sending ? 'Subscribing...' : 'Subscribe'}
      </Button>
    </form>
  );
}

interface SignupFieldProps {
  spec: FieldSpec;
  /** The form's own id, which the field's ids extend. */
  id: string;
  dark: boolean;
  value: string;
  error: string | undefined;
  onChange: (field: Field, value: string) => void;
}

function SignupField({ spec: { field, label, type, autoComplete }, id, dark, value, error, onChange }: SignupFieldProps) {
  return (
    <div className="min-w-0">
      <label htmlFor={`${id}-${field}`} className={cn('text-sm font-semibold', dark ? 'text-primary-50' : 'text-ink')}>
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(field, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${field}-error` : undefined}
        aria-required={field === 'email' || undefined}
        className={cn(
          'mt-1.5 h-11 w-full min-w-0 rounded-control border bg-surface px-3 text-base text-ink shadow-sm',
          error ? 'border-red-600' : 'border-line focus:border-primary-400',
        )}
      />
      {error && (
        <p id={`${id}-${field}-error`} className={cn('mt-1.5 text-sm', dark ? 'text-red-200' : 'text-red-700')}>
          {error}
        </p>
      )}
    </div>
  );
}
