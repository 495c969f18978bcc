// The admin's JSON endpoints for the site's content (tests/helpers/json-bodies/endpoints.ts): posts and
// their autosaves, revisions and schedule, the topic backlog, categories, testimonials, newsletters and
// the subscriber import.
import fc from 'fast-check';
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import type { Fixtures, JsonEndpoint } from './fixtures.ts';
import { type Field, field, flag, imageUrl, long, one, optionalText, words } from './values.ts';

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

/** A page's version: 0 until it is saved, so most valid values are stale (a 409). */
const pageVersion = field(one(0, 1, 2), -1, 1.5, '0', 2 ** 31, null);
/** A page's whole content: the fresh Contact page, or with a section hidden; broken ones must be refused. */
const pageFields = () => {
  const fresh = DEFAULT_PAGES.contact;
  const hidden = { ...fresh, sections: fresh.sections.map((section, index) => (index === 0 ? { ...section, hidden: true } : section)) };
  return {
    content: field(
      one(fresh, hidden),
      {},
      { meta: fresh.meta },
      { ...fresh, sections: [] },
      { ...fresh, sections: [...fresh.sections, fresh.sections[0]] },
      { ...fresh, sections: fresh.sections.map((section) => ({ ...section, title: '<script>alert(1)</script>'.repeat(20) })) },
      { ...fresh, extra: 1 },
      'content',
    ),
    version: pageVersion,
  };
};

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

export const ADMIN_CONTENT_ENDPOINTS: Record<string, JsonEndpoint> = {
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
  'PUT /api/admin/pages/:key': { caller: 'admin', url: () => '/api/admin/pages/contact', fields: () => pageFields() },
  'PUT /api/admin/pages/:key/autosave': { caller: 'admin', url: () => '/api/admin/pages/contact/autosave', fields: () => pageFields() },
  'POST /api/admin/pages/:key/revisions/:revisionId/restore': {
    caller: 'admin',
    // No revision of the page exists in the fixtures: a well-formed restore is a 404.
    url: () => '/api/admin/pages/contact/revisions/1/restore',
    fields: () => ({ version: pageVersion }),
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
};
