import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

// The post form's controls: a label, the control, a hint and an error under it, tied together
// with aria-describedby / aria-invalid.

const controlClass = (invalid: boolean) =>
  cn(
    'mt-1.5 w-full min-w-0 rounded-control border bg-surface px-3 text-base shadow-sm placeholder:text-muted/70 sm:text-sm',
    invalid ? 'border-red-600' : 'border-line focus:border-primary-400',
  );

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;

interface FieldFrame {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
}

function Frame({ id, label, hint, error, required, className, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
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

const aria = ({ id, hint, error, required }: FieldFrame) => ({
  'aria-invalid': error ? true : undefined,
  'aria-required': required || undefined,
  'aria-describedby': describedBy(hint ? `${id}-hint` : null, error && `${id}-error`),
});

type InputProps = Omit<ComponentProps<'input'>, 'id' | 'required'> & FieldFrame;

export function TextField({ id, label, hint, error, required, className, ...props }: InputProps) {
  const frame = { id, label, hint, error, required, className };
  return (
    <Frame {...frame}>
      <input id={id} className={cn(controlClass(!!error), 'h-11')} {...aria(frame)} {...props} />
    </Frame>
  );
}

type TextAreaProps = Omit<ComponentProps<'textarea'>, 'id' | 'required'> & FieldFrame;

export function TextAreaField({ id, label, hint, error, required, className, ...props }: TextAreaProps) {
  const frame = { id, label, hint, error, required, className };
  return (
    <Frame {...frame}>
      <textarea id={id} className={cn(controlClass(!!error), 'block py-2.5 leading-relaxed')} {...aria(frame)} {...props} />
    </Frame>
  );
}

type SelectProps = Omit<ComponentProps<'select'>, 'id' | 'required'> & FieldFrame & { children: ReactNode };

export function SelectField({ id, label, hint, error, required, className, children, ...props }: SelectProps) {
  const frame = { id, label, hint, error, required, className };
  return (
    <Frame {...frame}>
      <select id={id} className={cn(controlClass(!!error), 'h-11')} {...aria(frame)} {...props}>
        {children}
      </select>
    </Frame>
  );
}

/** An on/off switch: a native checkbox (keyboard, forms and labels for free) drawn as a track. */
export function SwitchField({
  id,
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="peer absolute inset-0 z-10 m-0 cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className={cn(
            'h-6 w-11 rounded-full transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent-500',
            checked ? 'bg-primary-700' : 'bg-primary-200',
          )}
        />
        <span
          aria-hidden="true"
          className={cn('absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform', checked && 'translate-x-5')}
        />
      </span>
      <span className="min-w-0">
        <label htmlFor={id} className="block cursor-pointer text-sm font-semibold">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="block text-xs text-muted">
            {hint}
          </span>
        )}
      </span>
    </div>
  );
}

/** A refusal or validation message on the form itself (the toast may be gone, or behind a dialog). */
export function FormAlert({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn('rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800', className)}>
      {message}
    </p>
  );
}
