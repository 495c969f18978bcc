// The values and bodies of the generated-body property (docs/security.md#input-validation (b);
// tests/api/json-bodies.property.test.ts): hostile values and keys, a route's fields with the values
// its form would send and the values it must refuse, the field kinds several routes share, and the
// raw body text of one run.
import fc from 'fast-check';

/** Values that have broken apps like this one: NUL, lone surrogates, markup, SQL, limits, odd numbers. */
const HOSTILE_CONSTANTS: unknown[] = [
  '',
  '   ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '<script>alert(1)</script>',
  "' OR 1=1--",
  '%_\\',
  '../../etc/passwd',
  'javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD4=',
  '//evil.example',
  'Ünïcödé 🐴 שלום 中文 e\u0301',
  'x'.repeat(257),
  'x'.repeat(5_001),
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e308,
  -1,
  0,
  1.5,
  true,
  false,
  null,
  [],
  {},
  { $ne: '' },
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  ['x', 1, null],
];

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_CONSTANTS) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Keys a client must not be able to set, and keys that pollute prototypes (ASVS 8.2.3, docs/security.md, 15.3.6). */
const extraKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'createdAt',
    'publishedAt',
    'passwordHash',
    'isOwner',
    'role',
    'isRead',
    'ipAddress',
    'status',
    'priority',
  ),
  fc.string({ maxLength: 12 }),
);

/** A field of a route's schema: values its form would send, and values it must refuse. */
export interface Field {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
}

export const field = (valid: fc.Arbitrary<unknown>, ...invalid: unknown[]): Field => ({
  valid,
  invalid: invalid.length > 0 ? fc.constantFrom(...invalid) : hostile,
});

export const one = <T>(...values: T[]) => fc.constantFrom(...values);
export const words = (maxCount: number) => fc.lorem({ maxCount });
export const long = (length: number) => 'x'.repeat(length);
export const optionalText = (max: number, ...samples: string[]) => field(fc.oneof(one('', null, ...samples), words(8)), 5, long(max + 1));
// docs/product.md §5: each policy rule failed alone.
const POLICY_FAILURES = ['Abcde1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1', `Aa1!${long(253)}`];
// A password the policy accepts costs an argon2 hash (~200 ms on this machine): one in three.
export const newPassword = field(
  fc.oneof({ weight: 1, arbitrary: one('Valid-Passw0rd!', 'Correct horse 9! 🐴') }, { weight: 2, arbitrary: one(...POLICY_FAILURES) }),
  ...POLICY_FAILURES,
);
export const imageUrl = field(
  one(null, '', '/images/a.png', 'https://example.com/a.png'),
  'javascript:alert(1)',
  '//evil.example/a.png',
  'data:image/png;base64,AA==',
  5,
);
export const flag = field(fc.boolean(), 'true', 1, null, 'yes');
/** A new, well-formed address; fc.emailAddress() adds RFC forms the schema may refuse. */
export const newEmail = fc.oneof(
  { weight: 3, arbitrary: fc.uuid().map((id) => `u-${id}@example.com`) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

type Mutation = { drop: string } | { set: [string, unknown] };

/**
 * A record holding every field of the route with a valid value, then changed a little: up to
 * three fields dropped, given a value to refuse or a hostile one, or joined by a key the route
 * does not know.
 */
function shaped(fields: Record<string, Field>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(fields);
  const changes: fc.Arbitrary<Mutation>[] = [fc.tuple(extraKey, hostile).map((set): Mutation => ({ set }))];
  if (keys.length > 0) {
    changes.push(
      fc.constantFrom(...keys).map((drop): Mutation => ({ drop })),
      fc.constantFrom(...keys).chain((key) => fc.oneof(fields[key]!.invalid, hostile).map((value): Mutation => ({ set: [key, value] }))),
    );
  }
  const valid = fc.record(Object.fromEntries(keys.map((key) => [key, fields[key]!.valid])));
  return fc.tuple(valid, fc.array(fc.oneof(...changes), { maxLength: 3 })).map(([body, mutations]) => {
    const out: Record<string, unknown> = { ...body };
    for (const change of mutations) {
      if ('drop' in change) delete out[change.drop];
      // defineProperty, so that `__proto__` becomes an own key, as JSON.parse makes it.
      else Object.defineProperty(out, change.set[0], { value: change.set[1], enumerable: true, writable: true, configurable: true });
    }
    return out;
  });
}

/** `undefined` (nothing to serialise) is sent as an empty body. */
const serialise = (value: unknown) => JSON.stringify(value) ?? '';

/** The raw body text of one run. */
export function bodies(fields: Record<string, Field>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.jsonValue().map(serialise) },
    {
      weight: 1,
      arbitrary: fc.anything({ withNullPrototype: true, withObjectString: true, key: fc.oneof(extraKey, fc.string()) }).map(serialise),
    },
    { weight: 8, arbitrary: shaped(fields).map(serialise) },
    // Cut short somewhere: "Invalid JSON body" (or, cut to nothing, an empty body).
    {
      weight: 1,
      arbitrary: shaped(fields)
        .map(serialise)
        .chain((full) => fc.nat(full.length).map((end) => full.slice(0, end))),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  );
}
