'use client';

import { type ChangeEvent, useState } from 'react';
import { focusFirstError } from './focus-first-error.ts';

/** A form's messages, each under the place it is about: a field's name, or a path such as 'weeklyHours.monday.0.start'. */
export type FormErrors = Partial<Record<string, string>>;

/** The names of a form's fields that hold text, which `field(name)` binds to an input. */
type TextName<Values> = { [Key in keyof Values]: Values[Key] extends string ? Key : never }[keyof Values] & string;

export interface FormOptions<Values> {
  /** Every place a message can show, in the form's order (default: the fields' names). */
  order?: (values: Values) => readonly string[];
  /** A place's control: the one its message sends focus to, and the id `field(name)` gives (default: `${idPrefix}-${name}`). */
  controlId?: (place: string) => string;
}

/**
 * A form: its values (text, numbers, switches, lists: any kind), the schema's messages once it was
 * submitted (derived on every change, never stored), the server's word on a field, and whether it
 * differs from what was saved. `field(name)` binds a text field in one line:
 * `<TextField {...form.field('title')} label="Title" />`; `set(name, value)` changes any field.
 */
export function useForm<Values extends object>(
  initial: Values,
  validate: (values: Values) => FormErrors,
  idPrefix: string,
  { order, controlId }: FormOptions<Values> = {},
) {
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  // The server's word on a field (a rule only it checks, such as the common-password list), kept
  // for the value it was said about: editing the field takes it away.
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, { message: string; value: unknown }>>>({});
  const valueAt = (place: string) => (values as Record<string, unknown>)[place];
  const errors: FormErrors = submitted ? validate(values) : {};
  for (const [place, said] of Object.entries(serverErrors)) {
    if (said && !errors[place] && said.value === valueAt(place)) errors[place] = said.message;
  }
  const idOf = controlId ?? ((place: string) => `${idPrefix}-${place}`);

  function set<Name extends keyof Values>(name: Name, value: Values[Name] | ((current: Values[Name]) => Values[Name])) {
    setValues((current) => ({
      ...current,
      [name]: typeof value === 'function' ? (value as (current: Values[Name]) => Values[Name])(current[name]) : value,
    }));
  }

  const field = (name: TextName<Values>) => ({
    id: idOf(name),
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set(name, event.target.value as Values[typeof name]),
    error: errors[name],
  });

  /** On submit: shows every message and focuses the first place to fix (in `places`' order); true when all is valid. */
  function check(places: readonly string[] = order ? order(values) : Object.keys(initial)): boolean {
    setSubmitted(true);
    return !focusFirstError(validate(values), places, idOf);
  }

  /**
   * A 400 from the server that names one of this form's fields: shown under it, like the schema's
   * messages, and focused. False for a field the form does not have (the form says it elsewhere).
   */
  function showServerError(name: string, message: string): boolean {
    if (!Object.hasOwn(initial, name)) return false;
    setServerErrors((current) => ({ ...current, [name]: { message, value: valueAt(name) } }));
    document.getElementById(idOf(name))?.focus();
    return true;
  }

  /** After a save: the stored values become the form's, and what it compares against. */
  function reset(next: Values) {
    setValues(next);
    setSaved(next);
  }

  /** After a save that leaves the form open for more edits: its messages wait for the next submit again. */
  const resetSubmitted = () => setSubmitted(false);

  // Values are plain data (text, numbers, lists of them), so their JSON is a faithful comparison.
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);

  return { values, setValues, set, errors, field, check, showServerError, reset, dirty, submitted, resetSubmitted };
}
