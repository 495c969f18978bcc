import { expect, test } from 'bun:test';
import { pageTextBlocks } from '#src/admin/pages/page-text.ts';
import { ABOUT_PAGE } from '#src/config/pages/about.ts';
import type { PageContent } from '#src/schemas/site-content/pages.ts';

// A page's history diffs its revisions as text (issue 31, "revisions like posts").

const blockOf = (content: PageContent, key: string) => pageTextBlocks(content).find((block) => block.key === key)!;

test('a page reads as its search texts, the order of its sections, then each section under its editor name', () => {
  const blocks = pageTextBlocks(ABOUT_PAGE);
  expect(blocks.map((block) => block.name).slice(0, 4)).toEqual([
    'Search and browser tab',
    'Order of the sections',
    'Introduction',
    'Your story',
  ]);
  expect(blockOf(ABOUT_PAGE, 'order').text.split('\n')).toEqual(blocks.slice(2).map((block) => block.name));
  expect(blockOf(ABOUT_PAGE, 'meta').text).toBe(`Description: ${ABOUT_PAGE.meta.description}`);
  expect(blockOf(ABOUT_PAGE, 'profile').text.split('\n')).toEqual([
    'Eyebrow: About the coach',
    expect.stringMatching(/^Introduction: I help leaders/),
    'Portrait: Portrait of the coach (/images/coach-avatar.svg)',
  ]);
});

test('list items are numbered with their fields indented below, and a hidden section says so', () => {
  const content: PageContent = {
    ...ABOUT_PAGE,
    sections: ABOUT_PAGE.sections.map((section) => (section.type === 'reasons' ? { ...section, hidden: true } : section)),
  };
  const reasons = blockOf(content, 'reasons').text.split('\n');
  expect(reasons[0]).toBe('Hidden from the page');
  const first = reasons.indexOf('Reason 1');
  expect(first).toBeGreaterThan(0);
  expect(reasons[first + 1]).toMatch(/^ {2}Title: \S/);
});

test('a revision stored before a field existed reads without it', () => {
  const [profile] = ABOUT_PAGE.sections;
  const older = { ...ABOUT_PAGE, sections: [{ type: profile!.type, hidden: false }] } as unknown as PageContent;
  expect(blockOf(older, 'profile').text).toBe('');
});
