'use client';

import { type ChangeEvent, useState } from 'react';
import { focusFirstError } from './focus-first-error.ts';

/**
 * A form of text fields: its values, the schema's messages once it was submitted (derived on
 * every change, never stored), and `field(name)`, the props that bind one field to it, so a form
 * field is one line: `<TextField {...form.field('title')} label="Title" />`.
 */
export function useForm<Values extends { [Key in keyof Values]: string }>(
  initial: Values,
  validate: (values: Values) => Partial<Record<keyof Values & string, string>>,
  idPrefix: string,
) {
  type Name = keyof Values & string;
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  // The server's word on a field (a rule only it checks, such as the common-password list), kept
  // for the value it was said about: editing the field takes it away.
  const [serverErrors, setServerErrors] = useState<Partial<Record<Name, { message: string; value: string }>>>({});
  const errors: Partial<Record<Name, string>> = submitted ? validate(values) : {};
  for (const name of Object.keys(serverErrors) as Name[]) {
    const said = serverErrors[name];
    if (said && !errors[name] && said.value === values[name]) errors[name] = said.message;
  }
  const id = (name: Name) => `${idPrefix}-${name}`;

  const field = (name: Name) => ({
    id: id(name),
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    error: errors[name],
  });

  /** On submit: shows every message and focuses the first field to fix (in `order`); true when all is valid. */
  function check(order: readonly Name[] = Object.keys(initial) as Name[]): boolean {
    setSubmitted(true);
    return !focusFirstError(validate(values), order, id);
  }

  /**
   * A 400 from the server that names one of this form's fields: shown under it, like the schema's
   * messages, and focused. False for a field the form does not have (the form says it elsewhere).
   */
  function showServerError(name: string, message: string): boolean {
    if (!Object.hasOwn(initial, name)) return false;
    const field = name as Name;
    setServerErrors((current) => ({ ...current, [field]: { message, value: values[field] } }));
    document.getElementById(id(field))?.focus();
    return true;
  }

  return { values, setValues, errors, field, check, showServerError };
}
