// Every section of every page validates its own fields (issue 31): an empty required text, an
// unsafe link and a picture without alt text are each refused with a 400 naming the field, and
// nothing is stored. The fields come from the editor's own description of each section
// (src/admin/pages/section-forms.ts), so a new section is covered as soon as it can be edited.
import { describe, expect, test } from 'bun:test';
import { asc } from 'drizzle-orm';
import { sitePages } from '#db/schema.ts';
import { type FieldSpec, SECTION_FORMS } from '#src/admin/pages/section-forms.ts';
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import { PAGE_KEYS, type PageContent, type PageKey } from '#src/schemas/site-content/pages.ts';
import { OWN_LEGAL_TEXT_EMPTY } from '#src/schemas/site-content/sections.ts';
import { sendJson } from '../helpers/app.ts';
import { adminSession } from '../helpers/auth.ts';
import { setupTestDatabase } from '../helpers/database.ts';
import { refusalChecker } from '../helpers/refusals.ts';

const testDb = setupTestDatabase();
const db = () => testDb.handle.db;
const admin = adminSession(db);
const expectRefused = refusalChecker(() => db().select().from(sitePages).orderBy(asc(sitePages.key)));

interface Breakage {
  name: string;
  /** The field's path under the section, and what is put there. */
  path: string[];
  value: unknown;
  message: RegExp;
}

/** The ways to break each field a section's form edits (lists: their first item's fields). */
function breakages(specs: FieldSpec[], value: Record<string, unknown>, at: string[] = []): Breakage[] {
  return specs.flatMap((spec): Breakage[] => {
    const path = [...at, spec.key];
    const name = path.join('.');
    switch (spec.kind) {
      case 'line':
      case 'text':
        return 'optional' in spec && spec.optional ? [] : [{ name: `${name} empty`, path, value: '   ', message: / is required$/ }];
      case 'button':
        return [
          { name: `${name} to javascript:`, path: [...path, 'link'], value: 'javascript:alert(1)', message: /must be a page of this site/ },
        ];
      case 'image':
        return [
          { name: `${name} without alt text`, path: [...path, 'alt'], value: '', message: /^Describe the image in its alt text$/ },
          {
            name: `${name} from another site`,
            path: [...path, 'src'],
            value: 'https://evil.example/a.png',
            message: /^Image must be chosen from Media$/,
          },
        ];
      case 'buttons': {
        const buttons = value[spec.key] as unknown[];
        return buttons.length === 0
          ? []
          : [
              {
                name: `${name}.0 to //evil`,
                path: [...path, '0', 'link'],
                value: '//evil.example',
                message: /must be a page of this site/,
              },
            ];
      }
      case 'list': {
        const items = value[spec.key] as Array<Record<string, unknown>>;
        return items.length === 0 ? [] : breakages(spec.fields, items[0]!, [...path, '0']);
      }
      default:
        return [];
    }
  });
}

function broken(content: PageContent, index: number, path: string[], value: unknown): PageContent {
  const copy = structuredClone(content);
  let target = copy.sections[index] as unknown as Record<string, unknown>;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[path.at(-1)!] = value;
  return copy;
}

/** A legal page's text with one part of the coach's own, so its fields can be broken too (a fresh site's has none). */
const OWN_PART = { heading: 'Who we are', body: 'A small coaching practice.', items: ['your name'], after: '' };
const withOwnText = (content: PageContent): PageContent => ({
  ...content,
  sections: content.sections.map((section) =>
    section.type === 'legalText' ? { ...section, ownText: true, articles: [OWN_PART] } : section,
  ),
});
const SAMPLES = Object.fromEntries(PAGE_KEYS.map((key) => [key, withOwnText(DEFAULT_PAGES[key])])) as Record<PageKey, PageContent>;

for (const key of PAGE_KEYS) {
  describe(`${key}: each section refuses a broken field`, () => {
    SAMPLES[key].sections.forEach((section, index) => {
      const cases = breakages(SECTION_FORMS[section.type].fields, section as unknown as Record<string, unknown>);
      for (const { name, path, value, message } of cases) {
        test(`${section.type}: ${name}`, async () => {
          const field = ['content', 'sections', String(index), ...path].join('.');
          const send = () =>
            sendJson(
              'PUT',
              `/api/admin/pages/${key}`,
              { content: broken(SAMPLES[key], index, path, value), version: 0 },
              { headers: admin.headers() },
            );
          const response = await send();
          const body = await response.clone().json();
          expect(body.field).toBe(field);
          expect(body.message).toMatch(message);
          await expectRefused(send, 400, body);
        });
      }
    });
  });
}

test('every section of every page has at least one field that can be refused', () => {
  for (const key of PAGE_KEYS) {
    for (const section of SAMPLES[key].sections) {
      expect(breakages(SECTION_FORMS[section.type].fields, section as unknown as Record<string, unknown>).length).toBeGreaterThan(0);
    }
  }
});

test('a legal page with its own text switched on needs at least one part of it', async () => {
  const content = structuredClone(DEFAULT_PAGES.privacy);
  const index = content.sections.findIndex((section) => section.type === 'legalText');
  content.sections[index] = { type: 'legalText', hidden: false, ownText: true, articles: [] };
  const send = () => sendJson('PUT', '/api/admin/pages/privacy', { content, version: 0 }, { headers: admin.headers() });
  const body = await (await send()).json();
  expect(body).toEqual({ message: OWN_LEGAL_TEXT_EMPTY, field: `content.sections.${index}.articles` });
  await expectRefused(send, 400, body);
});
