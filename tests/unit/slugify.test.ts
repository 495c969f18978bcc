// docs/product.md §5: the slug is generated from the title; whatever it gives must pass the slug rule.
import { describe, expect, test } from 'bun:test';
import { slugify } from '#src/lib/slugify.ts';
import { SLUG_PATTERN } from '#src/schemas/post.ts';

describe('slugify', () => {
  const cases: [string, string][] = [
    ['Hello World', 'hello-world'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Leadership: 5 Lessons!', 'leadership-5-lessons'],
    ['Already-hyphenated -- twice', 'already-hyphenated-twice'],
    ['---Edges---', 'edges'],
    ['Tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['snake_case & more', 'snakecase-more'],
    ['C++ / C# in 2025', 'c-c-in-2025'],
    ['Café Culture für Führung', 'cafe-culture-fur-fuhrung'],
    ['../etc/passwd', 'etc-passwd'],
    ['<script>alert(1)</script>', 'script-alert-1-script'],
    ['Ünïcödé', 'unicode'],
    ['Über', 'uber'],
    ['日本語のタイトル', ''],
    ['👩🏽‍💼 Emoji lead', 'emoji-lead'],
    ['!!!', ''],
    // Issue 32 §5: punctuation inside a word parts it, as a space would.
    ['1:1 coaching', '1-1-coaching'],
    ['Coaching 1:1', 'coaching-1-1'],
    ['24/7 support and/or more', '24-7-support-and-or-more'],
    ['Version 2.0: what changed', 'version-2-0-what-changed'],
    ['Q&A: ask me anything', 'q-a-ask-me-anything'],
    ['Teams—and how they grow', 'teams-and-how-they-grow'],
    // …except an apostrophe (straight or curly), which joins.
    ["Don't stop", 'dont-stop'],
    ['The coach’s notebook', 'the-coachs-notebook'],
    // Letters NFKD keeps whole are spelled out, not turned into a break.
    ['Straße & Søren', 'strasse-soren'],
    ['', ''],
  ];
  for (const [title, slug] of cases) {
    test(`${JSON.stringify(title)} → ${JSON.stringify(slug)}`, () => expect(slugify(title)).toBe(slug));
  }

  test('every non-empty result matches the slug pattern the API enforces', () => {
    const titles = [...cases.map(([title]) => title), 'a - b', ' - ', 'x\u00a0y', 'ＡＢＣ full width', 'ǅ digraph', 'İstanbul'];
    for (const title of titles) {
      const slug = slugify(title);
      if (slug !== '') expect(slug).toMatch(SLUG_PATTERN);
    }
  });

  test('is idempotent: a slug slugifies to itself', () => {
    for (const slug of ['hello-world', 'a1-b2-c3', 'x']) expect(slugify(slug)).toBe(slug);
  });
});
