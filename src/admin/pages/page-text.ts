import type { PageContent } from '#src/schemas/site-content/pages.ts';
import { OFFERING_STATE_NAMES } from './link-choices.ts';
import { type FieldSpec, SECTION_FORMS } from './section-forms.ts';

// A page's content as plain text, for its history's diffs (issue 31, "revisions like posts"):
// each part under its name as the editor shows it, every field a line "Label: text". A stored
// revision may predate a field, so every value is read as it comes.

/** One part of a page: its search texts, the order of its sections, or one section. */
export interface TextBlock {
  key: string;
  name: string;
  text: string;
}

type Value = Record<string, unknown>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): Value => (value !== null && typeof value === 'object' ? (value as Value) : {});
const items = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const stateName = (value: unknown) => OFFERING_STATE_NAMES[text(value) as keyof typeof OFFERING_STATE_NAMES] ?? text(value);

function buttonText(value: unknown) {
  const { label, link } = record(value);
  return label || link ? `${text(label)} → ${text(link)}` : '';
}

function imageText(value: unknown) {
  const { alt, src } = record(value);
  return src ? `${text(alt)} (${text(src)})` : '';
}

/** A field's lines, `indent`ed under the list item it belongs to; an empty text has none. */
function fieldLines(spec: FieldSpec, value: unknown, indent = ''): string[] {
  const labelled = (words: string) => (words ? [`${indent}${spec.label}: ${words}`] : []);
  switch (spec.kind) {
    case 'line':
    case 'text':
    case 'icon':
    case 'anchor':
      return labelled(text(value));
    case 'state':
      return labelled(stateName(value));
    case 'button':
      return labelled(buttonText(value));
    case 'image':
      return labelled(imageText(value));
    case 'lines':
      return items(value).map((item) => `${indent}${spec.item}: ${text(item)}`);
    case 'buttons':
      return items(value).map((item) => `${indent}${spec.item}: ${buttonText(item)}`);
    case 'list':
      return items(value).flatMap((item, index) => [
        `${indent}${spec.item} ${index + 1}`,
        ...spec.fields.flatMap((field) => fieldLines(field, record(item)[field.key], `${indent}  `)),
      ]);
  }
}

const META_FIELDS: FieldSpec[] = [
  { key: 'title', label: 'Page title', kind: 'line' },
  { key: 'description', label: 'Description', kind: 'text' },
];

/** The page as text, a block a part, sections in the page's order. */
export function pageTextBlocks(content: PageContent): TextBlock[] {
  const sections = content.sections.map((section) => {
    const form = SECTION_FORMS[section.type] ?? { name: section.type, fields: [] };
    const lines = form.fields.flatMap((spec) => fieldLines(spec, record(section)[spec.key]));
    return { key: section.type, name: form.name, text: [...(section.hidden ? ['Hidden from the page'] : []), ...lines].join('\n') };
  });
  return [
    {
      key: 'meta',
      name: 'Search and browser tab',
      text: META_FIELDS.flatMap((spec) => fieldLines(spec, record(content.meta)[spec.key])).join('\n'),
    },
    { key: 'order', name: 'Order of the sections', text: sections.map((section) => section.name).join('\n') },
    ...sections,
  ];
}
