'use client';

import type { ComponentProps, JSX, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

// The topic dialog's form controls: a label, the control, an optional hint and the field's message
// under it, tied together with aria-describedby / aria-invalid.

const controlClass = (invalid: boolean) =>
  cn(
    'mt-1.5 w-full min-w-0 rounded-control border bg-surface px-3 text-base shadow-sm sm:text-sm',
    invalid ? 'border-red-600' : 'border-line focus:border-primary-400',
  );

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;

interface FieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  className?: string;
}

function Field({ id, label, error, hint, optional, className, children }: FieldProps & { children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {optional && <span className="font-normal text-muted"> (optional)</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const a11y = ({ id, error, hint }: FieldProps) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': describedBy(hint && `${id}-hint`, error && `${id}-error`),
});

type Own<T extends keyof JSX.IntrinsicElements> = Omit<ComponentProps<T>, 'id' | 'className'> & FieldProps;

export function TextField({ id, label, error, hint, optional, className, ...props }: Own<'input'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <input {...a11y({ id, label, error, hint })} className={cn(controlClass(!!error), 'h-11')} {...props} />
    </Field>
  );
}

export function TextAreaField({ id, label, error, hint, optional, className, ...props }: Own<'textarea'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <textarea
        {...a11y({ id, label, error, hint })}
        className={cn(controlClass(!!error), 'block min-h-24 py-2 leading-relaxed')}
        {...props}
      />
    </Field>
  );
}

export function SelectField({ id, label, error, hint, optional, className, children, ...props }: Own<'select'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <select {...a11y({ id, label, error, hint })} className={cn(controlClass(!!error), 'h-11')} {...props}>
        {children}
      </select>
    </Field>
  );
}

/** A server refusal, repeated inside the dialog: the toast region sits behind a modal dialog. */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-4 rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
    </p>
  );
}
