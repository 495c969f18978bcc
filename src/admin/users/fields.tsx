'use client';

import { Eye, EyeOff } from 'lucide-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { IMAGE_ACCEPT } from '../../schemas/profile-image.ts';

// The users dialogs' form controls: a label, the control, and its message under it, tied
// together with aria-describedby / aria-invalid.

const controlClass = (invalid: boolean) =>
  cn(
    'mt-1.5 h-11 w-full min-w-0 rounded-control border bg-surface px-3 text-base shadow-sm sm:text-sm',
    invalid ? 'border-red-600' : 'border-line focus:border-primary-400',
  );

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;

function FieldMessage({ id, error }: { id: string; error?: string | null }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700">
      {error}
    </p>
  );
}

function FieldLabel({ htmlFor, label, optional }: { htmlFor: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="text-sm font-semibold">
      {label}
      {optional && <span className="font-normal text-muted"> (optional)</span>}
    </label>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'id'> & { id: string; label: string; error?: string; optional?: boolean };

export function TextField({ id, label, error, optional, className, ...props }: InputProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        className={controlClass(!!error)}
        {...props}
      />
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

export function PasswordField({ id, label, error, className, ...props }: Omit<InputProps, 'type' | 'optional'>) {
  const [shown, setShown] = useState(false);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} />
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`)}
          className={cn(controlClass(!!error), 'pr-12')}
          {...props}
        />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-controls={id}
          aria-pressed={shown}
          className="absolute right-1 top-1/2 mt-[3px] flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-muted hover:bg-primary-50 hover:text-primary-900"
        >
          {shown ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'id'> & { id: string; label: string; error?: string; children: ReactNode };

export function SelectField({ id, label, error, className, children, ...props }: SelectProps) {
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} />
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && `${id}-error`)}
        className={controlClass(!!error)}
        {...props}
      >
        {children}
      </select>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
  );
}

export const IMAGE_HINT = 'JPG, PNG or GIF, less than 5MB.';

/** A file picker for JPG, PNG and GIF, with the format hint and the client check's message. */
export function ImageFileField({
  id,
  label,
  error,
  optional,
  disabled,
  onChoose,
}: {
  id: string;
  label: string;
  error?: string | null;
  optional?: boolean;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
}) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} optional={optional} />
      <input
        id={id}
        type="file"
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(`${id}-hint`, error && `${id}-error`)}
        className={cn(
          'mt-1.5 block w-full min-w-0 rounded-control border bg-surface text-sm text-muted shadow-sm',
          'file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-line file:bg-primary-50 file:px-3 file:font-semibold file:text-primary-800 hover:file:bg-primary-100',
          error ? 'border-red-600' : 'border-line',
        )}
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
        {IMAGE_HINT}
      </p>
      <FieldMessage id={`${id}-error`} error={error} />
    </div>
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
