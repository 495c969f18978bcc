import type { Context, MiddlewareHandler } from 'hono';
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
  if (issue.code === 'unrecognized_keys')
    return new ValidationError(`Unknown field: ${issue.keys[0]}`, [...issue.path, issue.keys[0]].join('.'));
  const field = issue.path.join('.') || undefined;
  return new ValidationError(issue.message, field);
}

/** The refusal of a field holding NUL or a lone surrogate (a body's, a query parameter's). */
export const notAllowedIn = (field: string) => `${field} contains characters that are not allowed`;

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
  if (badField) throw new ValidationError(notAllowedIn(badField), badField);
  return parse(schema, body);
}

/** What a validating middleware adds to a route's type: what a client sends, what the handler reads. */
type Validated<Target extends 'json' | 'query', S extends core.$ZodType> = {
  in: { [K in Target]: core.input<S> };
  out: { [K in Target]: core.output<S> };
};
// `any` is the env Hono's own validator middleware declares: it adds nothing to the route's env.
// biome-ignore lint/suspicious/noExplicitAny: see above
type AnyEnv = any;

/**
 * A route's JSON body, read and checked as readJson does (415, 400 `{ message, field }`); the
 * handler takes it with `c.req.valid('json')`, and the route's type tells clients what to send.
 * `{ emptyBody: true }`: a request without a body is read as `{}`.
 */
export const json =
  <S extends core.$ZodType>(schema: S, { emptyBody = false } = {}): MiddlewareHandler<AnyEnv, string, Validated<'json', S>> =>
  async (c, next) => {
    const data = emptyBody && (await c.req.text()) === '' ? parse(schema, {}) : await readJson(c, schema);
    c.req.addValidatedData('json', data as object);
    await next();
  };

/**
 * A route's query parameters, checked by `schema`; the handler takes them with
 * `c.req.valid('query')`. A parameter the schema reads is given at most once (`limit=1&limit=50`
 * is ambiguous, so a 400) and holds no NUL or lone surrogate; one it does not read is ignored.
 */
export const query = <S extends core.$ZodObject>(schema: S): MiddlewareHandler<AnyEnv, string, Validated<'query', S>> & QueryReader => {
  const handler: MiddlewareHandler<AnyEnv, string, Validated<'query', S>> = async (c, next) => {
    const given: Record<string, string> = {};
    for (const [name, values] of Object.entries(c.req.queries())) {
      if (!(name in schema._zod.def.shape)) continue;
      if (values.length > 1) throw new ValidationError(`${name} must be given once`, name);
      if (findBadText(values[0])) throw new ValidationError(notAllowedIn(name), name);
      given[name] = values[0]!;
    }
    c.req.addValidatedData('query', parse(schema, given) as object);
    await next();
  };
  return Object.assign(handler, { queryNames: Object.keys(schema._zod.def.shape) });
};

/**
 * A query middleware names the parameters it reads: the tests that send every route's parameters
 * hostile values (tests/api/malformed-urls.test.ts) find them in the app's route table.
 */
export interface QueryReader {
  readonly queryNames: readonly string[];
}

/**
 * Positive int4 ids from the path parameters `names` (`abc`, `-1`, `1.5`, `99999999999` → 400),
 * checked before the body is read; the handler takes them with `c.req.valid('param')`.
 */
export const id =
  <Name extends string = 'id'>(
    ...names: Name[]
  ): MiddlewareHandler<AnyEnv, string, { in: { param: Record<Name, string> }; out: { param: Record<Name, number> } }> =>
  async (c, next) => {
    const ids = (names.length ? names : ['id']).map((name) => [name, idParam(c, name)]);
    c.req.addValidatedData('param', Object.fromEntries(ids));
    await next();
  };

function parse<S extends core.$ZodType>(schema: S, value: unknown): core.output<S> {
  const result = core.safeParse(schema, value);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** A positive int4 id from the `id` path parameter (`abc`, `-1`, `1.5`, `99999999999` → 400). */
export function idParam(c: Context, name = 'id'): number {
  const raw = c.req.param(name) ?? '';
  const value = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value <= 2_147_483_647)) throw new ValidationError(`${name} must be a positive whole number`, name);
  return value;
}
