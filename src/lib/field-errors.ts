/** What a zod (or zod/mini) safeParse returns, as far as field errors need it. */
type ParseResult =
  | { success: true }
  | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };

/**
 * The first message per field of a failed parse, keyed by the field's name: what every form shows
 * beside its fields. (No zod import: the public contact form loads zod only when it is used.)
 */
export function fieldErrors<Field extends string>(result: ParseResult): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0]) as Field] ??= issue.message;
  return errors;
}
