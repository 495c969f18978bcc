import type { Context } from 'hono';
import { core } from 'zod';
import { badRequest, HttpError } from './errors.ts';

// Request parsing shared by every route: one content-type rule, one JSON error, one way a zod
// issue becomes `{ message, field }` (docs/security.md: every 400 names the field).

export class ValidationError extends HttpError {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(400, message);
  }
}

const INVALID_JSON = 'Invalid JSON body';

/** The first problem of a failed parse, in words a form can show next to its field. */
export function validationError(error: core.$ZodError): ValidationError {
  const issue = error.issues[0];
  if (!issue) return new ValidationError('Invalid request');
  if (issue.code === 'unrecognized_keys') return new ValidationError(`Unknown field: ${issue.keys[0]}`, issue.keys[0]);
  const field = issue.path.join('.') || undefined;
  return new ValidationError(issue.message, field);
}

/** Finds a string that Postgres or a browser would choke on: NUL, or a lone UTF-16 surrogate. */
function findBadText(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') {
    return value.includes('\u0000') || !value.isWellFormed() ? path.join('.') || 'body' : undefined;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = findBadText(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** Reads a JSON object body and validates it: 415 unless JSON, 400 with the field otherwise. */
export async function readJson<S extends core.$ZodType>(c: Context, schema: S): Promise<core.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, 'Content-Type must be application/json');
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch (error) {
    if (error instanceof HttpError) throw error; // the body-read deadline (408)
    throw badRequest(INVALID_JSON);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(INVALID_JSON);
  const badField = findBadText(body);
  if (badField) throw new ValidationError(`${badField} contains characters that are not allowed`, badField);
  const result = core.safeParse(schema, body);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** One query parameter, refusing repeats (`limit=1&limit=50` is ambiguous, so it is a 400). */
export function queryParam(c: Context, name: string): string | undefined {
  const values = c.req.queries(name);
  if (values && values.length > 1) throw new ValidationError(`${name} must be given once`, name);
  return values?.[0];
}

/** A whole number in [min, max] from a query parameter, or the fallback when absent. */
export function integerParam(c: Context, name: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  const raw = queryParam(c, name);
  if (raw === undefined) return fallback;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value >= min && value <= max)) {
    throw new ValidationError(`${name} must be a whole number from ${min} to ${max}`, name);
  }
  return value;
}

/** A positive int4 id from the `id` path parameter (`abc`, `-1`, `1.5`, `99999999999` → 400). */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const value = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value <= 2_147_483_647)) throw new ValidationError(`${name} must be a positive whole number`, name);
  return value;
}
