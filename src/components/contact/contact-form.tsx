'use client';

import { CheckCircle2, Send } from 'lucide';
import { type FormEvent, useState } from 'react';
import { ApiError, call, errorMessage, fieldOfError, publicApi } from '#src/lib/api-client.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { useToast } from '#src/lib/toast-store.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import type { ContactMessageInput } from '#src/schemas/contact-message.ts';
import { Button } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Icon } from '../ui/icon.tsx';

type Field = 'name' | 'email' | 'subject' | 'message';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', subject: '', message: '' };

// The shared schema (and zod with it) is fetched when the visitor first focuses the form, not with
// the page: most visitors only read, and the page stays under its JavaScript budget.
const loadSchema = () => import('#src/schemas/contact-message.ts').then(({ contactMessageSchema }) => contactMessageSchema);
type Schema = Awaited<ReturnType<typeof loadSchema>>;

function validate(schema: Schema, values: Values): Errors {
  return fieldErrors<Field>(schema.safeParse(values));
}

/** docs/product.md §2/§4/§5/§8: editing → submitting ('Sending...') → sent ('Message Sent'); failures stay in editing. */
export function ContactForm() {
  const toast = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [schema, setSchema] = useState<Schema>();
  // Until the page is interactive a click could only post the form natively, losing the message.
  const hydrated = useHydrated();

  const change = (field: Field, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Validated on submit, then re-validated on every change.
    if (submitted && schema) setErrors(validate(schema, next));
  };
  const prepare = () => {
    if (!schema) void loadSchema().then(setSchema);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const honeypot = new FormData(event.currentTarget).get('website');
    const validator = schema ?? (await loadSchema());
    setSchema(validator);
    setSubmitted(true);
    const found = validate(validator, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const body: ContactMessageInput = { ...values, ...(honeypot ? { website: String(honeypot) } : {}) };
      await call(publicApi.contact.$post({ json: body }));
      toast({ title: 'Message sent successfully!', description: "Thank you for reaching out. I'll get back to you soon." });
      setValues(EMPTY);
      setErrors({});
      setSubmitted(false);
      setSent(true);
    } catch (error) {
      const field = fieldOfError(error, ['name', 'email', 'subject', 'message'] as const);
      if (field) setErrors({ [field]: error instanceof ApiError ? error.serverMessage : undefined });
      toast({ variant: 'destructive', title: 'Failed to send message', description: errorMessage(error, 'Please try again later') });
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div className="flex flex-col items-center self-start rounded-card border border-line bg-surface px-6 py-14 text-center shadow-sm">
        <Icon shapes={CheckCircle2} aria-hidden="true" className="size-12 text-emerald-600" />
        <h2 className="mt-4 text-2xl font-semibold">Message Sent</h2>
        <p className="mt-3 max-w-md text-muted">Thank you for reaching out. Expect a reply within 24-48 hours on business days.</p>
        <Button variant="outline" className="mt-6" onClick={() => setSent(false)}>
          Send Another Message
        </Button>
      </div>
    );
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      onFocus={prepare}
      className="self-start rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
    >
      <h2 className="text-2xl font-semibold">Send a Message</h2>
      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <TextField field="name" label="Name" required autoComplete="name" values={values} errors={errors} onChange={change} />
        <TextField
          field="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          values={values}
          errors={errors}
          onChange={change}
        />
        <div className="sm:col-span-2">
          <TextField field="subject" label="Subject" values={values} errors={errors} onChange={change} />
        </div>
        <div className="sm:col-span-2">
          <TextField field="message" label="Message" multiline required values={values} errors={errors} onChange={change} />
        </div>
      </div>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are dropped. */}
      <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <Button type="submit" size="lg" className="mt-6 w-full sm:w-auto" disabled={sending || !hydrated}>
        <Icon shapes={Send} aria-hidden="true" className="size-4" />
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}

interface TextFieldProps {
  field: Field;
  label: string;
  values: Values;
  errors: Errors;
  onChange: (field: Field, value: string) => void;
  type?: 'text' | 'email';
  required?: boolean;
  multiline?: boolean;
  autoComplete?: string;
}

function TextField({ field, values, errors, onChange, ...props }: TextFieldProps) {
  return (
    <FormField
      idPrefix="contact"
      name={field}
      value={values[field]}
      error={errors[field]}
      onChange={(value) => onChange(field, value)}
      {...props}
    />
  );
}
