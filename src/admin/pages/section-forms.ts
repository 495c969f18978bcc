import type { SectionType } from '#src/schemas/site-content/sections.ts';

// How each section's fields are edited (issue 31): one description per section type, drawn by one
// renderer (content-fields.tsx). The schema (src/schemas/site-content/) decides what is valid;
// this only names the fields and picks their controls.

export type FieldSpec =
  | { key: string; label: string; kind: 'line' | 'text'; hint?: string; optional?: boolean }
  | { key: string; label: string; kind: 'image' | 'button' | 'icon' | 'state' | 'anchor' }
  | { key: string; label: string; kind: 'lines' | 'buttons'; item: string; max: number }
  | { key: string; label: string; kind: 'list'; item: string; fields: FieldSpec[]; max: number; blank: () => Record<string, unknown> };

const eyebrow: FieldSpec = { key: 'eyebrow', label: 'Eyebrow', kind: 'line', optional: true, hint: 'The small line above the title.' };
const title: FieldSpec = { key: 'title', label: 'Title', kind: 'line' };
const lead = (optional = true): FieldSpec => ({ key: 'lead', label: 'Lead', kind: 'text', optional });
const card: FieldSpec[] = [
  { key: 'icon', label: 'Icon', kind: 'icon' },
  { key: 'title', label: 'Title', kind: 'line' },
  { key: 'text', label: 'Text', kind: 'text' },
];
/** A section's eyebrow, title and optional lead. */
const heading: FieldSpec[] = [eyebrow, title, lead()];
/** The card beside a section's lists (Casual by design, Certified and grounded). */
const aside: FieldSpec[] = [
  { key: 'asideTitle', label: 'Aside title', kind: 'line' },
  { key: 'asideText', label: 'Aside text', kind: 'text' },
];
/** A list of items, each with the same fields, added empty as `blank` makes them. */
const listOf = (
  key: string,
  label: string,
  item: string,
  fields: FieldSpec[],
  blank: () => Record<string, unknown>,
  max = 12,
): FieldSpec => ({
  key,
  label,
  kind: 'list',
  item,
  fields,
  max,
  blank,
});
const cards = (key: string, label: string, item: string) => listOf(key, label, item, card, () => ({ icon: 'star', title: '', text: '' }));
const points = (key: string, label: string, item: string) => listOf(key, label, item, card.slice(1), () => ({ title: '', text: '' }));
const buttons: FieldSpec = { key: 'buttons', label: 'Buttons', kind: 'buttons', item: 'Button', max: 3 };
const navLinks = (max: number): FieldSpec => ({ key: 'links', label: 'Links', kind: 'buttons', item: 'Link', max });
const text = (key = 'text', label = 'Text', optional = false): FieldSpec => ({
  key,
  label,
  kind: 'text',
  optional,
  hint: 'Leave an empty line between paragraphs.',
});
const legalArticle: FieldSpec[] = [
  { key: 'heading', label: 'Heading', kind: 'line' },
  text('body', 'Text', true),
  { key: 'items', label: 'List', kind: 'lines', item: 'List item', max: 30 },
  { key: 'after', label: 'Text after the list', kind: 'text', optional: true },
];
const offerings = listOf(
  'items',
  'Offerings',
  'Offering',
  [
    { key: 'title', label: 'Title', kind: 'line' },
    { key: 'text', label: 'Text', kind: 'text' },
    { key: 'icon', label: 'Icon', kind: 'icon' },
    { key: 'state', label: 'Shown as', kind: 'state' },
    { key: 'button', label: 'Button (while live)', kind: 'button' },
    { key: 'anchor', label: 'Anchor', kind: 'anchor' },
  ],
  () => ({ anchor: '', icon: 'star', title: '', text: '', state: 'soon', button: { label: 'Learn more', link: '/contact' } }),
);

export const SECTION_FORMS: Record<SectionType, { name: string; fields: FieldSpec[] }> = {
  hero: { name: 'Hero', fields: [eyebrow, title, lead(false), buttons] },
  offerings: { name: 'Offerings', fields: [title, lead(), offerings] },
  latestPosts: { name: 'Latest post', fields: [title, { key: 'linkLabel', label: 'Link to the blog', kind: 'line' }] },
  testimonials: { name: 'Testimonials', fields: [title] },
  profile: {
    name: 'Introduction',
    fields: [
      eyebrow,
      { key: 'lead', label: 'Introduction', kind: 'text', hint: 'Your name and tagline above it come from Settings.' },
      { key: 'image', label: 'Portrait', kind: 'image' },
    ],
  },
  story: {
    name: 'Your story',
    fields: [
      eyebrow,
      title,
      { key: 'quote', label: 'Quote', kind: 'text', optional: true },
      { key: 'body', label: 'Text', kind: 'text', hint: 'Leave an empty line between paragraphs.' },
    ],
  },
  audiences: {
    name: 'Who you help',
    fields: [
      ...heading,
      cards('cards', 'Cards', 'Card'),
      { key: 'mindsetTitle', label: 'Mindset title', kind: 'line' },
      { key: 'mindsetLead', label: 'Mindset lead', kind: 'text', optional: true },
      points('mindsets', 'Mindsets', 'Mindset'),
      ...aside,
    ],
  },
  approach: {
    name: 'How you coach',
    fields: [
      ...heading,
      cards('cards', 'Cards', 'Card'),
      { key: 'formatsTitle', label: 'Formats title', kind: 'line' },
      cards('formats', 'Formats', 'Format'),
      ...aside,
    ],
  },
  reasons: { name: 'Why it works', fields: [...heading, points('items', 'Reasons', 'Reason')] },
  roles: {
    name: 'More than a coach',
    fields: [
      eyebrow,
      title,
      { key: 'body', label: 'Text', kind: 'text', hint: 'Leave an empty line between paragraphs.' },
      cards('items', 'Roles', 'Role'),
    ],
  },
  callToAction: {
    name: 'Invitation to a call',
    fields: [
      title,
      { key: 'text', label: 'Text while booking is on', kind: 'text' },
      { key: 'soonText', label: 'Text while booking is off', kind: 'text' },
      { key: 'soonNote', label: 'Note while booking is off', kind: 'line', optional: true },
      { key: 'button', label: 'Second button', kind: 'button' },
    ],
  },
  pageHeader: {
    name: 'Page header',
    fields: [
      eyebrow,
      title,
      lead(false),
      { key: 'soonTitle', label: 'Title while booking is off', kind: 'line', optional: true, hint: 'Empty: the title above.' },
      { key: 'soonLead', label: 'Lead while booking is off', kind: 'text', optional: true, hint: 'Empty: the lead above.' },
    ],
  },
  coaching: {
    name: 'Coaching',
    fields: [
      eyebrow,
      title,
      { key: 'text', label: 'Text', kind: 'text' },
      cards('points', 'Points', 'Point'),
      { key: 'openTitle', label: 'Invitation title while booking is on', kind: 'line' },
      { key: 'openText', label: 'Invitation text while booking is on', kind: 'text' },
      { key: 'soonTitle', label: 'Invitation title while booking is off', kind: 'line' },
      { key: 'soonText', label: 'Invitation text while booking is off', kind: 'text' },
      { key: 'soonButton', label: 'Button while booking is off', kind: 'button' },
    ],
  },
  serviceCards: { name: 'Offerings', fields: [title, lead(), offerings] },
  questions: { name: 'Closing question', fields: [title, { key: 'text', label: 'Text', kind: 'text' }, buttons] },
  contactDetails: {
    name: 'Beside the form',
    fields: [
      { key: 'responseTitle', label: 'Response title', kind: 'line' },
      { key: 'responseText', label: 'Response text', kind: 'text' },
      { key: 'expectTitle', label: 'Expectations title', kind: 'line' },
      { key: 'expectItems', label: 'Expectations', kind: 'lines', item: 'Expectation', max: 12 },
      { key: 'topicsTitle', label: 'Topics title', kind: 'line' },
      { key: 'topics', label: 'Topics', kind: 'lines', item: 'Topic', max: 20 },
      { key: 'privacyTitle', label: 'Privacy title', kind: 'line' },
      { key: 'privacyText', label: 'Privacy text', kind: 'text' },
    ],
  },
  notFound: { name: 'Not-found message', fields: [eyebrow, title, text(), { key: 'button', label: 'Button', kind: 'button' }] },
  legalHeader: { name: 'Title and summary', fields: [eyebrow, title, { key: 'lead', label: 'Summary', kind: 'text' }] },
  // The switch between the written text and the coach's own is drawn by legal-text-fields.tsx.
  legalText: {
    name: 'Policy text',
    fields: [listOf('articles', 'Parts', 'Part', legalArticle, () => ({ heading: '', body: '', items: [], after: '' }), 30)],
  },
  headerLinks: { name: 'Header links', fields: [navLinks(8), { key: 'action', label: 'Button at the end', kind: 'button' }] },
  footerColumns: {
    name: 'Footer columns',
    fields: [
      listOf(
        'columns',
        'Columns',
        'Column',
        [{ key: 'title', label: 'Column title', kind: 'line' }, navLinks(10)],
        () => ({ title: '', links: [] }),
        4,
      ),
    ],
  },
};
