// docs/security.md#input-validation harness (b): fast-check bodies, 200 runs per JSON endpoint. Every POST/PUT/PATCH
// the Hono app registers is either listed here as a JSON endpoint or named with the reason it takes
// no JSON, so a new write route fails this file until it is classified. Each run sends one body
// (arbitrary JSON, arbitrary values serialised, objects shaped like the route's schema with hostile
// values and extra keys, truncated JSON, or plain garbage) as the caller the route serves, from the
// site's own origin, and asserts: the status is 2xx or 4xx, never 5xx; every 4xx is
// `{ message, field? }` JSON; and a 4xx leaves every table (rows and contents) exactly as it was.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { newsletters } from '#db/schema.ts';
import { app } from '#server/app.ts';
import { WEEKDAYS } from '#src/schemas/booking.ts';
import { typedApi } from '../helpers/api.ts';
import { request, SITE_ORIGIN } from '../helpers/app.ts';
import { createUserRow, signedIn } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { createCategory, createPost, createTestimonial } from '../helpers/factories.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;

/** docs/security.md#input-validation (b): 200 runs per JSON endpoint; PROPERTY_RUNS=2000 for a longer hunt. */
const NUM_RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
const TARGET_PASSWORD = 'Target-Passw0rd!';

/** Write routes that read no JSON body, and why each is left out. */
const NOT_JSON: Record<string, string> = {
  'POST /api/auth/logout': 'takes no body',
  'POST /api/upload-profile-image': 'multipart upload (tests/api/upload.test.ts)',
  'POST /api/admin/media': 'multipart image upload (tests/api/media.test.ts)',
  'POST /api/test-cases/runs': 'JUnit XML (tests/api/test-cases.test.ts)',
  'POST /api/test-cases/initialize': 'takes no body',
  'POST /api/admin/generate-draft': 'takes no body',
  'POST /api/admin/outbox/:id/retry': 'takes no body',
  'POST /api/admin/outbox/test': 'takes no body',
  'POST /api/admin/newsletters/:id/test': 'takes no body',
  'POST /api/admin/account/two-factor/setup': 'takes no body',
  'POST /api/admin/account/sessions/sign-out-others': 'takes no body',
  'POST /api/analytics/event': 'a sendBeacon text/plain body, read and refused 400 by its own route (tests/api/analytics.test.ts)',
  'POST /api/newsletter/unsubscribe':
    'RFC 8058 one-click: the token is in the URL, the form body is fixed (tests/api/newsletter-signup.test.ts)',
};

interface Fixtures {
  categoryId: number;
  postId: number;
  postSlug: string;
  /** An autosave of the post, to restore. */
  revisionId: number;
  topicIds: number[];
  testimonialIds: number[];
  messageId: number;
  newsletterId: number;
  target: { id: number; email: string };
}

interface JsonEndpoint {
  caller: 'admin' | 'anonymous';
  /** The URL, with an existing row's id where the route takes one. */
  url: (f: Fixtures) => string;
  /** The fields the route's schema knows, each with values its form would send (valid or nearly). */
  fields: (f: Fixtures) => Record<string, Field>;
}

// ---- Values

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
interface Field {
  valid: fc.Arbitrary<unknown>;
  invalid: fc.Arbitrary<unknown>;
}

const field = (valid: fc.Arbitrary<unknown>, ...invalid: unknown[]): Field => ({
  valid,
  invalid: invalid.length > 0 ? fc.constantFrom(...invalid) : hostile,
});

const one = <T>(...values: T[]) => fc.constantFrom(...values);
const words = (maxCount: number) => fc.lorem({ maxCount });
const long = (length: number) => 'x'.repeat(length);
const optionalText = (max: number, ...samples: string[]) => field(fc.oneof(one('', null, ...samples), words(8)), 5, long(max + 1));
const testimonialFields = () => ({
  content: field(fc.oneof(one('Clear, calm and practical.'), words(20)), '', '   ', long(1_501), 5),
  authorName: field(one('Daniel Okafor', '  Zoë 李  '), '', long(101), 'a\nb', 5),
  authorPosition: field(one('VP of Operations', 'COO'), '', long(151), 5),
  authorImageUrl: field(
    one(null, '', 'https://example.com/a.jpg', '/uploads/a.webp'),
    'javascript:alert(1)',
    '//evil.example',
    'ftp://x',
    5,
  ),
  consentGivenAt: field(one(null, '2026-03-03', '2025-12-31'), '2026-02-30', '03/03/2026', '2999-01-01', '', 5),
  consentMethod: field(one(null, 'email', 'in-writing', 'verbal'), 'before-tracking', 'fax', '', 5),
  consentNote: optionalText(500, 'Email of 3 March 2026'),
  visible: field(one(true, false), 'yes', 1, null),
});
const newsletterFields = (f: Fixtures) => ({
  subject: field(fc.oneof(one('This week: one idea'), words(6)), '', '   ', long(201), 5),
  body: field(fc.oneof(one('# Hi\n\nA **short** note.', '<img src=x onerror=alert(1)>'), words(40)), '', long(50_001)),
  postId: field(one(null, f.postId), 0, -1, 999_999, 'x'),
});

// docs/product.md §5: each policy rule failed alone.
const POLICY_FAILURES = ['Abcde1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1', `Aa1!${long(253)}`];
// A password the policy accepts costs an argon2 hash (~200 ms on this machine): one in three.
const newPassword = field(
  fc.oneof({ weight: 1, arbitrary: one('Valid-Passw0rd!', 'Correct horse 9! 🐴') }, { weight: 2, arbitrary: one(...POLICY_FAILURES) }),
  ...POLICY_FAILURES,
);
const imageUrl = field(
  one(null, '', '/images/a.png', 'https://example.com/a.png'),
  'javascript:alert(1)',
  '//evil.example/a.png',
  'data:image/png;base64,AA==',
  5,
);
const flag = field(fc.boolean(), 'true', 1, null, 'yes');
/** A new, well-formed address; fc.emailAddress() adds RFC forms the schema may refuse. */
const newEmail = fc.oneof(
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
function bodies(fields: Record<string, Field>): fc.Arbitrary<string> {
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

// ---- The JSON endpoints

/** A post's version: the stored one is small, so most valid values here are stale (a 409). */
const postVersion = field(one(1, 2, 3, 5), 0, -1, 1.5, '1', 2 ** 31, null);
const postFields = (f: Fixtures): Record<string, Field> => ({
  title: field(fc.oneof(one('A title', '</script><script>alert(1)</script>', 'Zoë 李 🐴'), words(6)), '', '   ', long(201), 5),
  content: field(
    fc.oneof(one('## Heading\n\nBody text.', '<img src=x onerror=alert(1)>', '[x](javascript:alert(1))', '    indented code'), words(30)),
    '',
    '   ',
    ['x'],
  ),
  slug: field(
    fc.oneof(one('', null, f.postSlug), fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,12}){0,3}$/)),
    'A B',
    'a/b',
    '%2F',
    'ü',
    '../x',
    long(201),
  ),
  excerpt: optionalText(500, 'An excerpt.'),
  categoryId: field(fc.oneof(one<number | null>(f.categoryId, null), one('')), 999_999, '1', 1.5, -1, 0, 2 ** 31),
  customImage: imageUrl,
  version: postVersion,
  featured: flag,
  published: flag,
  autoPublish: flag,
  scheduledFor: field(
    fc.oneof(
      one(null, '', '2030-01-01T09:00:00Z', '2030-01-01T09:00:00+02:00'),
      fc
        .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
        .map((d) => d.toISOString()),
    ),
    'tomorrow',
    '2025-13-40T00:00:00Z',
    '2030-01-01T09:00:00',
    '+010000-01-01T00:00:00.000Z',
    '0000-01-01T00:00:00Z',
    1_700_000_000_000,
  ),
});

const topicFields = (f: Fixtures): Record<string, Field> => ({
  title: field(words(6), '', '   ', long(201)),
  description: field(words(20), '', '   ', long(2_001)),
  categoryId: field(one(f.categoryId, null), 999_999, '1', 1.5, 0, ''),
  tags: field(
    fc.array(one('leadership', 'teams', ' spaced ', '🐴'), { maxLength: 4 }),
    'x',
    [''],
    [5],
    [long(51)],
    Array.from({ length: 21 }, (_, i) => `t${i}`),
  ),
  notes: optionalText(2_000, 'Some notes.'),
  estimatedWordCount: field(fc.oneof(fc.integer({ min: 100, max: 20_000 }), fc.constant(null)), 99, 20_001, '500', 1.5, -1, 1e9),
  targetAudience: optionalText(200, 'Team leads'),
});

const JSON_ENDPOINTS: Record<string, JsonEndpoint> = {
  'POST /api/contact': {
    caller: 'anonymous',
    url: () => '/api/contact',
    fields: () => ({
      name: field(fc.oneof(one('Ada Lovelace', '  Zoë 李  ', '<b>x</b>'), words(3)), 'a', '  a  ', long(101), 123, true, ['x'], {
        $ne: '',
      }),
      email: field(fc.oneof(one('someone@example.com', ' Someone@Example.COM '), newEmail), 'a@', 'a@b', `${long(250)}@x.io`),
      subject: optionalText(200, 'Coaching'),
      message: field(
        fc.oneof(one('I would like to talk about coaching.', '<script>alert(1)</script> and more'), words(40)),
        'too short',
        long(5_001),
        [],
      ),
      // The honeypot: filled in, the answer is the same 201 and nothing is stored.
      website: field(one('', 'https://spam.example')),
    }),
  },
  'POST /api/auth/login': {
    caller: 'anonymous',
    url: () => '/api/auth/login',
    // Known or plain addresses only: each well-formed attempt costs an argon2 verification
    // (~200 ms here) until the per-e-mail limit answers 429 (before any hashing) after five.
    fields: (f) => ({
      email: field(one(f.target.email, ` ${f.target.email.toUpperCase()} `, 'someone@example.com'), 'a@', 'a@b', 'not-an-email', ''),
      password: field(one(TARGET_PASSWORD, 'Wrong-Passw0rd!', ` ${TARGET_PASSWORD}`), '', long(257)),
    }),
  },
  // No login challenge cookie here: a well-formed body is 401 (tests/api/two-factor.test.ts signs in with one).
  'POST /api/auth/login/second-factor': {
    caller: 'anonymous',
    url: () => '/api/auth/login/second-factor',
    fields: () => ({
      code: field(one('123456', ' 123 456 ', '000000'), '12345', '1234567', 'abcdef', '', 123456),
      recoveryCode: field(one('abcd-efgh-ijkl-mnop', 'ABCD EFGH IJKL MNOP'), '', long(65), 5),
    }),
  },
  // The newsletter is off in this database: a valid signup is 403, so nothing is written after an answer.
  'POST /api/newsletter/subscribe': {
    caller: 'anonymous',
    url: () => '/api/newsletter/subscribe',
    fields: () => ({
      email: field(fc.oneof(one('reader@example.com'), newEmail), 'a@', 'a@b', ''),
      firstName: optionalText(100, 'Ada'),
      lastName: optionalText(100, 'Lovelace'),
      source: field(one('post', 'footer', 'services'), 'admin', '', 1),
      website: field(one('', 'https://spam.example')),
    }),
  },
  'POST /api/newsletter/confirm': {
    caller: 'anonymous',
    url: () => '/api/newsletter/confirm',
    fields: () => ({ token: field(one('x'.repeat(43)), '', long(201)) }),
  },
  'POST /api/newsletter/resubscribe': {
    caller: 'anonymous',
    url: () => '/api/newsletter/resubscribe',
    fields: () => ({ token: field(one('1.AAAAAAAAAAAAAAAAAAAAAA', '12345.x'), '', long(201)) }),
  },
  'POST /api/admin/subscribers/import': {
    caller: 'admin',
    url: () => '/api/admin/subscribers/import',
    fields: () => ({
      csv: field(one('email\nnew@example.com', '"=cmd",x@example.com', '\uFEFFa@example.com'), 5, ['x']),
      confirm: field(one(false, true), 'yes', 1),
      consent: field(one(false, true), 'yes', 1),
    }),
  },
  'POST /api/admin/newsletters': { caller: 'admin', url: () => '/api/admin/newsletters', fields: (f) => newsletterFields(f) },
  'PUT /api/admin/newsletters/:id': {
    caller: 'admin',
    url: (f) => `/api/admin/newsletters/${f.newsletterId}`,
    fields: (f) => newsletterFields(f),
  },
  'POST /api/admin/newsletters/preview': {
    caller: 'admin',
    url: () => '/api/admin/newsletters/preview',
    fields: () => ({
      subject: field(one('Weekly idea'), '', long(201)),
      body: field(one('Hello **there**', '<script>x</script>'), '', long(50_001)),
    }),
  },
  // No active subscriber in this database: a valid send is 409, so the draft stays a draft.
  'POST /api/admin/newsletters/:id/send': {
    caller: 'admin',
    url: (f) => `/api/admin/newsletters/${f.newsletterId}/send`,
    fields: () => ({ scheduledFor: field(one('2030-01-01T09:00:00+01:00', '2020-01-01T09:00:00Z'), 'tomorrow', '2030-01-01T09:00', 5) }),
  },
  // Only ever switched off here: on, a valid signup would write after its answer.
  'PATCH /api/admin/settings': {
    caller: 'admin',
    url: () => '/api/admin/settings',
    fields: () => ({
      newsletterEnabled: field(one(false), 'yes', 1, 'true'),
      bookingEnabled: field(fc.boolean(), 'no', 0),
      siteName: field(one('Harbour Coaching', 'Summit Leadership Coaching'), '', long(61), 'a\nb'),
      coachTagline: field(one('Calm, clear growth'), '', long(121)),
      contactEmail: field(one('', 'coach@example.com'), 'nope', `${long(250)}@x.io`),
      socialX: field(one('', 'https://x.com/coach'), 'javascript:alert(1)', 'x.com/coach', long(501)),
      timeZone: field(one('UTC', 'Europe/London', 'America/New_York'), 'Mars/Olympus', '', 5),
    }),
  },
  'POST /api/auth/password-reset': {
    caller: 'anonymous',
    url: () => '/api/auth/password-reset',
    // Addresses without an account only: a known one is sent its link after the answer, a write
    // this file's "nothing changed" check could catch mid-flight.
    fields: () => ({
      email: field(fc.oneof(one('someone@example.com', ' Someone@Example.COM '), newEmail), 'a@', 'a@b', `${long(250)}@x.io`, ''),
    }),
  },
  'POST /api/auth/password-reset/confirm': {
    caller: 'anonymous',
    url: () => '/api/auth/password-reset/confirm',
    fields: () => ({
      token: field(one('x'.repeat(43), 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), '', long(201)),
      password: newPassword,
    }),
  },
  'POST /api/auth/admin/users': {
    caller: 'admin',
    url: () => '/api/auth/admin/users',
    fields: (f) => ({
      // Half new (201, one hash each), half taken (409, before hashing).
      email: field(fc.oneof(newEmail, one(f.target.email, f.target.email.toUpperCase())), 'a@', 'a@b', ''),
      password: newPassword,
      role: field(one('admin', 'user'), 'owner', 'superadmin', 'Admin', ''),
      firstName: optionalText(100, 'Ada'),
      lastName: optionalText(100, 'Lovelace'),
      profileImageUrl: imageUrl,
    }),
  },
  'PATCH /api/auth/admin/users/:id/password': {
    caller: 'admin',
    url: (f) => `/api/auth/admin/users/${f.target.id}/password`,
    fields: () => ({ password: newPassword }),
  },
  'PATCH /api/auth/admin/users/:id/profile': {
    caller: 'admin',
    url: (f) => `/api/auth/admin/users/${f.target.id}/profile`,
    fields: () => ({
      profileImageUrl: field(one(null, '/images/a.png', 'https://example.com/a.png'), '', 'javascript:alert(1)', '//evil.example', 5),
    }),
  },
  // Takes no fields; an empty body is fine too.
  'PATCH /api/admin/contact-messages/:id/read': {
    caller: 'admin',
    url: (f) => `/api/admin/contact-messages/${f.messageId}/read`,
    fields: () => ({}),
  },
  'POST /api/admin/blog-posts/preview': {
    caller: 'admin',
    url: () => '/api/admin/blog-posts/preview',
    fields: (f) => {
      const { title, content } = postFields(f);
      return { title: title!, content: content! };
    },
  },
  'POST /api/admin/blog-posts': { caller: 'admin', url: () => '/api/admin/blog-posts', fields: postFields },
  'PUT /api/admin/blog-posts/:id': { caller: 'admin', url: (f) => `/api/admin/blog-posts/${f.postId}`, fields: postFields },
  'PUT /api/admin/blog-posts/:id/autosave': {
    caller: 'admin',
    url: (f) => `/api/admin/blog-posts/${f.postId}/autosave`,
    // Work in progress: empty and half-written text is kept; only types and limits are refused.
    fields: () => ({
      title: field(fc.oneof(one('', 'A title', 'Zoë 李 🐴'), words(6)), 5, null, long(201)),
      excerpt: field(fc.oneof(one('', 'An excerpt.'), words(8)), 5, null, long(501)),
      content: field(fc.oneof(one('', '<img src=x onerror=alert(1)>', '## Heading'), words(30)), 5, null, ['x']),
      version: postVersion,
    }),
  },
  'POST /api/admin/blog-posts/:id/revisions/:revisionId/restore': {
    caller: 'admin',
    url: (f) => `/api/admin/blog-posts/${f.postId}/revisions/${f.revisionId}/restore`,
    fields: () => ({ version: postVersion }),
  },
  'PATCH /api/admin/blog-posts/:id/publish': {
    caller: 'admin',
    url: (f) => `/api/admin/blog-posts/${f.postId}/publish`,
    fields: () => ({ published: flag }),
  },
  'POST /api/admin/blog-topic-backlog/reorder': {
    caller: 'admin',
    url: () => '/api/admin/blog-topic-backlog/reorder',
    fields: (f) => {
      const permutation = fc
        .shuffledSubarray(f.topicIds, { minLength: f.topicIds.length })
        .map((ids) => ids.map((id, priority) => ({ id, priority })));
      const [first = 1, second = 2] = f.topicIds;
      return {
        reorderedItems: field(
          permutation,
          [{ id: first, priority: 0 }],
          [
            { id: first, priority: 0 },
            { id: first, priority: 1 },
          ],
          [
            { id: first, priority: 0 },
            { id: second, priority: 0 },
          ],
          [{ id: 2_147_483_647, priority: 0 }],
          [{ id: first, priority: -1 }],
          [{ id: first, priority: 0.5 }],
          [{ id: '1', priority: 0 }],
          [[first, 0]],
          Array.from({ length: 1_001 }, (_, i) => ({ id: i + 1, priority: i })),
          { 0: { id: first, priority: 0 } },
        ),
      };
    },
  },
  'POST /api/admin/blog-topic-backlog': { caller: 'admin', url: () => '/api/admin/blog-topic-backlog', fields: topicFields },
  'PATCH /api/admin/blog-topic-backlog/:id': {
    caller: 'admin',
    url: (f) => `/api/admin/blog-topic-backlog/${f.topicIds[0]}`,
    fields: topicFields,
  },
  'POST /api/admin/categories': {
    caller: 'admin',
    url: () => '/api/admin/categories',
    fields: () => ({
      name: field(fc.oneof(one('Growth', 'Executive Presence'), fc.string({ minLength: 1, maxLength: 50 })), '', '  ', long(51), 'a\nb', 5),
      slug: field(one('growth', '', 'team-building'), 'Growth', 'a--b', long(61), 5),
    }),
  },
  'POST /api/admin/testimonials': { caller: 'admin', url: () => '/api/admin/testimonials', fields: testimonialFields },
  'PATCH /api/admin/testimonials/:id': {
    caller: 'admin',
    url: (f) => `/api/admin/testimonials/${f.testimonialIds[0]}`,
    fields: testimonialFields,
  },
  'POST /api/admin/testimonials/reorder': {
    caller: 'admin',
    url: () => '/api/admin/testimonials/reorder',
    fields: (f) => {
      const [first = 1, second = 2] = f.testimonialIds;
      return {
        order: field(
          fc.shuffledSubarray(f.testimonialIds, { minLength: f.testimonialIds.length }),
          [first],
          [first, first, second],
          [2_147_483_647],
          [-1],
          [1.5],
          ['1'],
          Array.from({ length: 1_001 }, (_, i) => i + 1),
          { 0: first },
        ),
      };
    },
  },
  'PATCH /api/admin/schedule/:id': {
    caller: 'admin',
    url: (f) => `/api/admin/schedule/${f.postId}`,
    fields: () => ({
      scheduledFor: field(
        one(null, '2099-03-04T10:00:00.000Z', '2099-03-04T10:00:00+01:00'),
        '2001-01-01T00:00:00Z',
        'tomorrow',
        '2099-13-01T00:00:00Z',
        5,
        '',
      ),
    }),
  },
  'PATCH /api/admin/categories/:id': {
    caller: 'admin',
    url: (f) => `/api/admin/categories/${f.categoryId}`,
    fields: () => ({
      name: field(one('Leadership', 'Growth'), '', long(51), null),
      slug: field(one('leadership', 'growth-2'), 'Bad Slug', '-x', long(61)),
    }),
  },
  // Times the availability never offers (or booking off): 400 or 404, and nothing is booked.
  'POST /api/bookings': {
    caller: 'anonymous',
    url: () => '/api/bookings',
    fields: () => ({
      start: field(
        one('2099-03-04T10:00:00.000Z', '2001-01-01T00:00:00Z', '2030-01-01T09:07:00+01:00'),
        'tomorrow',
        '2099-13-01T00:00:00Z',
        5,
        '',
      ),
      name: field(one('Grace Hopper', '  Zoë 李  '), 'a', long(101), 5),
      email: field(one('grace@example.com'), 'a@', 'a@b', ''),
      topic: optionalText(2_000, 'Leading through change'),
      timeZone: field(one('UTC', 'Asia/Kolkata', 'America/New_York'), 'Mars/Olympus', '', 5),
      website: field(one('', 'https://spam.example')),
    }),
  },
  // Tokens never made here: 404, and nothing changes.
  'POST /api/bookings/manage/cancel': {
    caller: 'anonymous',
    url: () => '/api/bookings/manage/cancel',
    fields: () => ({ token: field(one('1.AAAAAAAAAAAAAAAAAAAAAA', '12345.x'), '', long(201)) }),
  },
  'POST /api/bookings/manage/reschedule': {
    caller: 'anonymous',
    url: () => '/api/bookings/manage/reschedule',
    fields: () => ({
      token: field(one('1.AAAAAAAAAAAAAAAAAAAAAA', '12345.x'), '', long(201)),
      start: field(one('2099-03-04T10:00:00.000Z'), 'tomorrow', 5),
    }),
  },
  'PUT /api/admin/booking/availability': {
    caller: 'admin',
    url: () => '/api/admin/booking/availability',
    fields: () => {
      const hours = fc.array(one({ start: '09:00', end: '12:00' }, { start: '13:00', end: '24:00' }), { maxLength: 1 });
      const week = fc.record(Object.fromEntries(WEEKDAYS.map((day) => [day, hours])));
      return {
        timeZone: field(one('UTC', 'Asia/Kolkata', 'Australia/Adelaide'), 'Mars/Olympus', '', 5),
        weeklyHours: field(week, { monday: [{ start: '12:00', end: '09:00' }] }, { monday: 'all day' }, [], 'x'),
        callMinutes: field(one(15, 30, 60), 14, 241, 1.5, '30'),
        bufferMinutes: field(one(0, 10), -1, 241, '5'),
        minNoticeHours: field(one(0, 24), -1, 721),
        horizonDays: field(one(1, 30, 365), 0, 366),
        daysOff: field(fc.array(one('2026-12-25', '2027-01-01'), { maxLength: 2 }), ['2026-02-30'], ['25/12/2026'], 'x'),
        dailyCap: field(one(null, 1, 8), 0, 49, '3'),
        topicRetentionDays: field(one(30, 90), 0, 3651),
      };
    },
  },
  // Addresses of nobody here: a valid erase deletes nothing.
  'POST /api/admin/privacy/erase': {
    caller: 'admin',
    url: () => '/api/admin/privacy/erase',
    fields: () => ({ email: field(fc.oneof(one('nobody@example.com'), newEmail), 'a@', 'a@b', '', long(300)) }),
  },
  'PUT /api/admin/privacy/retention': {
    caller: 'admin',
    url: () => '/api/admin/privacy/retention',
    fields: () => ({
      contactNetworkDays: field(one(1, 30, 365), 0, 366, '30', 1.5),
      contactMessageDays: field(one(null, 30, 3650), 29, 3651, '90'),
    }),
  },
  // The admin here has not started a setup: a well-formed code is 409.
  'POST /api/admin/account/two-factor/confirm': {
    caller: 'admin',
    url: () => '/api/admin/account/two-factor/confirm',
    fields: () => ({ code: field(one('123456', '000 000'), '12345', 'abcdef', '', 123456, null) }),
  },
  // Two-factor sign-in is off for the admin here: a well-formed proof is 409 before any check.
  'POST /api/admin/account/two-factor/disable': {
    caller: 'admin',
    url: () => '/api/admin/account/two-factor/disable',
    fields: () => ({ password: field(one('Some-Passw0rd!'), '', long(257), 5), code: field(one('123456'), '12345', 'abcdef') }),
  },
  'POST /api/admin/account/two-factor/recovery-codes': {
    caller: 'admin',
    url: () => '/api/admin/account/two-factor/recovery-codes',
    fields: () => ({ password: field(one('Some-Passw0rd!'), '', long(257), 5), code: field(one('123456'), '12345', 'abcdef') }),
  },
  // The admin here is not the owner: a well-formed switch is 403.
  'PUT /api/admin/account/require-two-factor': {
    caller: 'admin',
    url: () => '/api/admin/account/require-two-factor',
    fields: () => ({ required: flag }),
  },
  // No booking in this database: a valid body is 404.
  'POST /api/admin/bookings/:id/cancel': {
    caller: 'admin',
    url: () => '/api/admin/bookings/999999/cancel',
    fields: () => ({ message: optionalText(2_000, 'Sorry, I am unwell.') }),
  },
};

// ---- State

const rowsOf = (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, string>[];

let snapshotQuery: ReturnType<typeof sql>;

/**
 * Every table's row count and a digest of its rows, in one query. rate_limits is left out: a
 * failed login (401) or a refused one (429) counts an attempt there, which is its purpose; so is
 * app_secrets, whose signing key is made by the first request that checks an unsubscribe link; and
 * audit_log, where a failed sign-in (401) is recorded, which is its purpose too.
 */
async function tableSnapshot(): Promise<Record<string, string>> {
  return rowsOf(await db().execute(snapshotQuery))[0]!;
}

let adminCookie: string;
let fixtures: Omit<Fixtures, 'topicIds' | 'testimonialIds'>;
let ipCounter = 0;
/** A different client address per request, so the contact and login limits seldom decide a run. */
const nextIp = () => `10.${(++ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;

async function currentFixtures(): Promise<Fixtures> {
  const topics = rowsOf(await db().execute(sql`select id from backlog_topics order by priority`));
  const testimonials = rowsOf(await db().execute(sql`select id from testimonials order by position, id`));
  return { ...fixtures, topicIds: topics.map((row) => Number(row.id)), testimonialIds: testimonials.map((row) => Number(row.id)) };
}

let quiet: ReturnType<typeof spyOn> | undefined;

beforeAll(async () => {
  const tables = rowsOf(
    await db().execute(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename not in ('rate_limits', 'app_secrets', 'audit_log') order by tablename`,
    ),
  ).map((row) => row.tablename!);
  snapshotQuery = sql.join(
    [
      sql`select `,
      sql.join(
        tables.map((table) => {
          // A session's last_active_at moves on its own once a minute, whatever the answer: the rest of the row counts.
          const rows =
            table === 'sessions' ? sql`(select id, user_id, expires_at, created_at, user_agent from sessions)` : sql.identifier(table);
          return sql`(select count(*) || ':' || md5(coalesce(string_agg(t::text, E'\n' order by t::text), '')) from ${rows} t) as ${sql.identifier(table)}`;
        }),
        sql`, `,
      ),
    ],
    sql``,
  );

  adminCookie = (await signedIn(db(), 'admin')).cookie;
  const target = await createUserRow(db(), { role: 'user', password: TARGET_PASSWORD });
  const category = await createCategory(db());
  const post = await createPost(db(), { categoryId: category.id });
  const asAdmin = { 'Content-Type': 'application/json', Origin: SITE_ORIGIN, Cookie: adminCookie };
  for (const title of ['First topic', 'Second topic', 'Third topic']) {
    const response = await request('/api/admin/blog-topic-backlog', {
      method: 'POST',
      headers: asAdmin,
      body: JSON.stringify({ title, description: 'A description.' }),
    });
    expect(response.status).toBe(201);
  }
  const { publicApi } = typedApi(undefined, nextIp());
  const contact = await publicApi.contact.$post({ json: { name: 'Ada', email: 'ada@example.com', message: 'A message of some length.' } });
  expect(contact.status).toBe(201);
  const { id: messageId } = await contact.json();
  for (let i = 0; i < 3; i++) await createTestimonial(db(), { position: i });
  const [newsletter] = await db().insert(newsletters).values({ subject: 'Fixture', body: 'A draft.' }).returning();
  const { adminApi } = typedApi(() => ({ Cookie: adminCookie }));
  const autosave = await adminApi['blog-posts'][':id'].autosave.$put({
    param: { id: String(post.id) },
    json: { title: 'An earlier title', excerpt: '', content: 'An earlier body.', version: 1 },
  });
  expect(autosave.status).toBe(200);
  const { revisionId } = await autosave.json();
  fixtures = {
    categoryId: category.id,
    postId: post.id,
    postSlug: post.slug,
    revisionId,
    messageId,
    newsletterId: newsletter!.id,
    target: { id: target.id, email: target.email },
  };
  // A refused login or contact writes one security line each: thousands here, which say nothing.
  quiet = spyOn(console, 'log').mockImplementation(() => {});
});

afterAll(() => quiet?.mockRestore());

function send(route: string, endpoint: JsonEndpoint, f: Fixtures, body: string) {
  const method = route.split(' ')[0]!;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: SITE_ORIGIN };
  if (endpoint.caller === 'admin') headers.Cookie = adminCookie;
  return request(endpoint.url(f), { method, headers, body }, nextIp());
}

// ---- The route table

const writeRoutes = [
  ...new Set(app.routes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method)).map((route) => `${route.method} ${route.path}`)),
].sort();

test('every POST/PUT/PATCH route is either a JSON endpoint here or named as taking no JSON', () => {
  expect(writeRoutes).toEqual([...Object.keys(JSON_ENDPOINTS), ...Object.keys(NOT_JSON)].sort());
});

test('every JSON endpoint here reads its body as JSON: a text/plain body is refused with 415', async () => {
  const f = await currentFixtures();
  for (const [route, endpoint] of Object.entries(JSON_ENDPOINTS)) {
    const method = route.split(' ')[0]!;
    const headers: Record<string, string> = { 'Content-Type': 'text/plain', Origin: SITE_ORIGIN };
    if (endpoint.caller === 'admin') headers.Cookie = adminCookie;
    const response = await request(endpoint.url(f), { method, headers, body: '{}' }, nextIp());
    expect({ route, status: response.status, body: await response.json() }).toEqual({
      route,
      status: 415,
      body: { message: 'Content-Type must be application/json' },
    });
  }
});

// ---- The property

describe(`${NUM_RUNS} generated bodies per JSON endpoint: 2xx or 4xx, 4xx is { message, field? } and changes nothing`, () => {
  for (const [route, endpoint] of Object.entries(JSON_ENDPOINTS)) {
    test(`${route} (${endpoint.caller})`, async () => {
      const f = await currentFixtures();
      // Only these requests touch the database meanwhile, so one run's "after" is the next one's "before".
      let before = await tableSnapshot();
      await fc.assert(
        fc.asyncProperty(bodies(endpoint.fields(f)), async (body) => {
          const response = await send(route, endpoint, f, body);
          const status = response.status;
          if (!((status >= 200 && status < 300) || (status >= 400 && status < 500))) {
            throw new Error(`${route} answered ${status}: ${await response.text()}`);
          }
          if (status >= 400) {
            // The charset is added by the server entry (server/security-headers.ts), outside this app.
            expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
            const answer = await response.json();
            expect(typeof answer.message).toBe('string');
            expect(Object.keys(answer).filter((key) => key !== 'message' && key !== 'field')).toEqual([]);
            if ('field' in answer) expect(typeof answer.field).toBe('string');
            // Taken as the next "before" even when it differs, so shrinking a failure compares afresh.
            const [previous, after] = [before, await tableSnapshot()];
            before = after;
            expect(after).toEqual(previous);
          } else {
            await response.arrayBuffer();
            before = await tableSnapshot();
          }
        }),
        { numRuns: NUM_RUNS },
      );
    }, 120_000);
  }
});
