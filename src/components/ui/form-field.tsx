import { cn } from '#src/lib/cn.ts';

interface FormFieldProps {
  /** The input's id is `${idPrefix}-${name}`; its error's id adds `-error`. */
  idPrefix: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email';
  required?: boolean;
  multiline?: boolean;
  rows?: number;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  hint?: string;
}

/** A labelled field of a public form, its error under it and announced with it. */
export function FormField({
  idPrefix,
  name,
  label,
  value,
  error,
  onChange,
  type = 'text',
  required,
  multiline,
  rows = 6,
  autoComplete,
  inputMode,
  hint,
}: FormFieldProps) {
  const id = `${idPrefix}-${name}`;
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
    className: cn(
      'mt-2 w-full rounded-control border bg-surface px-4 py-3 text-base text-ink shadow-sm placeholder:text-muted',
      error ? 'border-red-600' : 'border-line focus:border-primary-400',
    ),
  } as const;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {multiline ? (
        <textarea {...shared} rows={rows} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
