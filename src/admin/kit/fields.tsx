'use client';

import { Eye, EyeOff, Search } from 'lucide';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { timeZoneLabel } from '#src/lib/format-date.ts';
import { useTimeZone } from './time-zone.tsx';

// The admin's form fields: a label, the control, a hint and the field's message under it, tied
// together with aria-describedby / aria-invalid. A field is one line in a form: its id, label,
// value and the schema's message for it.

export interface FieldFrame {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** Marked with a red asterisk (and aria-required). */
  required?: boolean;
  /** Marked "(optional)". */
  optional?: boolean;
  /** The label is read by screen readers only (a list's search and filter, whose placeholder says what they are). */
  hideLabel?: boolean;
  className?: string;
}

/** The look of a text-like control, red-bordered while its field has a message. */
export const controlClass = (invalid: boolean) =>
  cn(
    'w-full min-w-0 rounded-control border bg-surface px-3 text-base shadow-sm placeholder:text-muted/70 sm:text-sm',
    invalid ? 'border-red-600' : 'border-line focus:border-primary-400',
  );

const describedBy = (...ids: Array<string | false | null | undefined>) => ids.filter(Boolean).join(' ') || undefined;

/** The label, hint and message around any control; `children` is the control itself. */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  optional,
  hideLabel,
  className,
  children,
}: FieldFrame & { children: ReactNode }) {
  return (
    <div className={cn('min-w-0', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-semibold'}>
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
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

/** The attributes that tie a control to its frame. */
export const fieldAria = ({ id, hint, error, required }: FieldFrame) => ({
  id,
  'aria-invalid': error ? true : undefined,
  'aria-required': required || undefined,
  'aria-describedby': describedBy(hint ? `${id}-hint` : null, error && `${id}-error`),
});

type Own<P> = Omit<P, 'id' | 'required' | 'className'> & FieldFrame;

/** A field's props, split into its frame's and its control's. */
function splitFrame<P extends FieldFrame>({ id, label, hint, error, required, optional, hideLabel, className, ...control }: P) {
  return [{ id, label, hint, error, required, optional, hideLabel, className }, control] as const;
}

/** The space between a visible label and its control. */
const belowLabel = (frame: FieldFrame) => !frame.hideLabel && 'mt-1.5';

/** A control inside its frame: the frame's aria attributes and the control class, then the caller's props. */
function framed<C extends object>(props: Own<C>, controlExtra: string, render: (attributes: C) => ReactNode) {
  const [frame, control] = splitFrame(props);
  const attributes = { ...fieldAria(frame), className: cn(controlClass(!!frame.error), belowLabel(frame), controlExtra), ...control } as C;
  return <Field {...frame}>{render(attributes)}</Field>;
}

export const TextField = (props: Own<ComponentProps<'input'>>) => framed(props, 'h-11', (attributes) => <input {...attributes} />);

/** A whole number, with the schema's limits as the browser's min and max. */
export const NumberField = ({ limits, ...props }: Parameters<typeof TextField>[0] & { limits: { min: number; max: number } }) => (
  <TextField type="number" inputMode="numeric" min={limits.min} max={limits.max} {...props} />
);

export const TextAreaField = (props: Own<ComponentProps<'textarea'>>) =>
  framed(props, 'block min-h-24 py-2.5 leading-relaxed', (attributes) => <textarea {...attributes} />);

export const SelectField = (props: Own<ComponentProps<'select'>>) => framed(props, 'h-11', (attributes) => <select {...attributes} />);

/** A choice of IANA time zones, each named with its offset ("Europe/London (GMT+1)"). */
export const TimeZoneField = ({ timeZones, ...props }: Parameters<typeof SelectField>[0] & { timeZones: readonly string[] }) => (
  <SelectField {...props}>
    {timeZones.map((zone) => (
      <option key={zone} value={zone}>
        {timeZoneLabel(zone)}
      </option>
    ))}
  </SelectField>
);

/** A search box with its magnifier. */
export function SearchField(props: Own<Omit<ComponentProps<'input'>, 'type'>>) {
  const [frame, control] = splitFrame(props);
  return (
    <Field {...frame}>
      <div className={cn('relative', belowLabel(frame))}>
        <Icon
          shapes={Search}
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
        />
        <input {...fieldAria(frame)} type="search" className={cn(controlClass(!!frame.error), 'h-11 pl-9')} {...control} />
      </div>
    </Field>
  );
}

/**
 * A date and time in the coach's time zone (`YYYY-MM-DDTHH:mm`, local-datetime.ts), named in its
 * hint: "America/New York time." The same on the server and in the browser (issue 32 §1).
 */
export function DateTimeField({ hint, ...props }: Own<Omit<ComponentProps<'input'>, 'type'>>) {
  const zone = `${timeZoneLabel(useTimeZone())} time.`;
  return (
    <TextField
      {...props}
      type="datetime-local"
      hint={
        hint ? (
          <>
            {zone} {hint}
          </>
        ) : (
          zone
        )
      }
    />
  );
}

/** A password with a show/hide toggle; pasting is never blocked. */
export function PasswordField(props: Own<Omit<ComponentProps<'input'>, 'type'>>) {
  const [shown, setShown] = useState(false);
  const [frame, control] = splitFrame(props);
  return (
    <Field {...frame}>
      <div className={cn('relative', belowLabel(frame))}>
        <input
          {...fieldAria(frame)}
          type={shown ? 'text' : 'password'}
          className={cn(controlClass(!!frame.error), 'h-11 pr-12')}
          {...control}
        />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-controls={frame.id}
          aria-pressed={shown}
          className="absolute right-1 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center rounded-control text-muted hover:bg-primary-50 hover:text-primary-900"
        >
          {shown ? (
            <Icon shapes={EyeOff} aria-hidden="true" className="size-5" />
          ) : (
            <Icon shapes={Eye} aria-hidden="true" className="size-5" />
          )}
        </button>
      </div>
    </Field>
  );
}

/** A file picker with its hint (accepted types and size) and the client check's message. */
export function FileField(props: FieldFrame & { accept: string; disabled?: boolean; onChoose: (file: File | null) => void }) {
  const [frame, { accept, disabled, onChoose }] = splitFrame(props);
  return (
    <Field {...frame}>
      <input
        {...fieldAria(frame)}
        type="file"
        accept={accept}
        disabled={disabled}
        onChange={(event) => onChoose(event.target.files?.[0] ?? null)}
        className={cn(
          'block w-full min-w-0 rounded-control border bg-surface text-sm text-muted shadow-sm',
          belowLabel(frame),
          'file:mr-3 file:h-10 file:cursor-pointer file:border-0 file:border-r file:border-line file:bg-primary-50 file:px-3 file:font-semibold file:text-primary-800 hover:file:bg-primary-100',
          frame.error ? 'border-red-600' : 'border-line',
        )}
      />
    </Field>
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

/** A refusal or validation message on the form itself (the toast may be gone by the time it is read). */
export function FormAlert({ message, className }: { message: string | null; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cn('rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800', className)}>
      {message}
    </p>
  );
}

/** A select's options: an optional "none" choice (value '') first, then one per item, by id. */
export function Options({ none, items }: { none?: string; items: ReadonlyArray<{ id: number | string; name: string }> }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {items.map((item) => (
        <option key={item.id} value={String(item.id)}>
          {item.name}
        </option>
      ))}
    </>
  );
}
