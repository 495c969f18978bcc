/**
 * Moves focus to the first field, in the form's order, that has a message (the messages appear
 * under each field, so the person lands on the one to fix). True when there was one.
 */
export function focusFirstError<Field extends string>(
  errors: Partial<Record<Field, string>>,
  order: readonly Field[],
  idOf: (field: Field) => string,
): boolean {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(idOf(first))?.focus();
  return first !== undefined;
}
