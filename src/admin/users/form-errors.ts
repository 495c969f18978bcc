import type { z } from 'zod';

/** The first message per field of a failed parse, keyed by the field's name. */
export function fieldErrors<Field extends string>(result: z.ZodSafeParseResult<unknown>): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) errors[String(issue.path[0]) as Field] ??= issue.message;
  return errors;
}
