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

/** How deep and how large a JSON body may be: far beyond any form's, far below a costly walk. */
export const JSON_LIMITS = { depth: 32, values: 100_000 } as const;
export const TOO_DEEP = `JSON body is nested too deeply (at most ${JSON_LIMITS.depth} levels)`;
export const TOO_MANY_VALUES = `JSON body holds too many values (at most ${JSON_LIMITS.values.toLocaleString('en')})`;

/**
 * How deeply a JSON text nests, read from its brackets outside strings before it is parsed: a
 * body of thousands of nested arrays is refused in one linear pass (issue 33 §1), never walked.
 */
function nestingOf(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 92 /* \ */) i++;
      else if (char === 34 /* " */) inString = false;
    } else if (char === 34) inString = true;
    else if (char === 91 /* [ */ || char === 123 /* { */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > JSON_LIMITS.depth) return deepest;
    } else if (char === 93 /* ] */ || char === 125 /* } */) depth--;
  }
  return deepest;
}

/**
 * Finds a string that Postgres or a browser would choke on (NUL, a lone UTF-16 surrogate), in a
 * key or a value, visiting each value once and at most JSON_LIMITS.values of them; answers the
 * field's path, or TOO_MANY_VALUES.
 */
function findBadText(root: unknown): { field: string } | { tooMany: true } | undefined {
  const bad = (text: string) => text.includes('\u0000') || !text.isWellFormed();
  const stack: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  let visited = 0;
  while (stack.length > 0) {
    if (++visited > JSON_LIMITS.values) return { tooMany: true };
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (bad(value)) return { field: path || 'body' };
    } else if (value && typeof value === 'object') {
      // Pushed last to first, so fields are looked at in the order they were written.
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        const at = path ? `${path}.${key}` : key;
        if (bad(key)) return { field: at };
        stack.push({ value: item, path: at });
      }
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
    const text = await c.req.text();
    if (nestingOf(text) > JSON_LIMITS.depth) throw badRequest(TOO_DEEP);
    body = JSON.parse(text);
  } catch (error) {
    if (error instanceof HttpError) throw error; // too deep, or the body-read deadline (408)
    throw badRequest(INVALID_JSON);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest(INVALID_JSON);
  const found = findBadText(body);
  if (found && 'tooMany' in found) throw badRequest(TOO_MANY_VALUES);
  if (found) throw new ValidationError(notAllowedIn(found.field), found.field);
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
