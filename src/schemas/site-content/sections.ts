import { z } from 'zod';
import { button, image, line, list, paragraphs, siteLink } from './fields.ts';
import { CONTENT_ICONS } from './icons.ts';

// The sections the public pages are made of (issue 31): structured fields, not markup, so the
// design stays the design whatever the coach writes. Every section can be hidden; a page's
// sections can be reordered (pages.ts).

const icon = z.enum(CONTENT_ICONS, { error: 'Icon must be one of the listed icons' });

/** A card: an icon, a title and a few lines. */
const card = z.strictObject({ icon, title: line('Title'), text: paragraphs('Text', 400) });
/** A titled point without an icon. */
const point = z.strictObject({ title: line('Title'), text: paragraphs('Text', 400) });

/**
 * What an offering's card does. `live`: its button leads somewhere; `soon`: a Coming Soon badge;
 * `hidden`: not shown. `booking` and `newsletter` follow those switches: live (the call's button,
 * the signup) while the switch is on, Coming Soon while it is off.
 */
export const OFFERING_STATES = ['live', 'soon', 'hidden', 'booking', 'newsletter'] as const;
export type OfferingState = (typeof OFFERING_STATES)[number];

const offering = z.strictObject({
  /** The card's id on the page, for links such as /services#coaching; empty for none. */
  anchor: z
    .string({ error: 'Anchor must be text' })
    .regex(/^(?:[a-z][a-z0-9-]{0,39})?$/, 'Anchor must be lower-case letters, digits and dashes, starting with a letter'),
  icon,
  title: line('Title'),
  text: paragraphs('Text', 400),
  state: z.enum(OFFERING_STATES, { error: 'State must be live, coming soon, hidden, or follow booking or the newsletter' }),
  /** Where a live offering leads (a call or newsletter offering leads to the call or the signup). */
  button,
});
export type Offering = z.infer<typeof offering>;

const hidden = z.boolean({ error: 'Hidden must be true or false' });

const section = <Type extends string, Shape extends z.ZodRawShape>(type: Type, shape: Shape) =>
  z.strictObject({ type: z.literal(type), hidden, ...shape });

export const hero = section('hero', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  lead: paragraphs('Lead', 400),
  buttons: list('Buttons', button, { max: 3 }),
});

export const offerings = section('offerings', {
  title: line('Title'),
  lead: paragraphs('Lead', 400, { required: false }),
  items: list('Offerings', offering),
});

export const latestPosts = section('latestPosts', { title: line('Title'), linkLabel: line('Link label', 60) });

export const testimonials = section('testimonials', { title: line('Title') });

export const profile = section('profile', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  lead: paragraphs('Introduction', 600),
  image,
});

export const story = section('story', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  quote: paragraphs('Quote', 300, { required: false }),
  body: paragraphs('Text', 4_000),
});

export const audiences = section('audiences', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  lead: paragraphs('Lead', 400, { required: false }),
  cards: list('Cards', card),
  mindsetTitle: line('Mindset title'),
  mindsetLead: paragraphs('Mindset lead', 400, { required: false }),
  mindsets: list('Mindsets', point),
  asideTitle: line('Aside title'),
  asideText: paragraphs('Aside text', 600),
});

export const approach = section('approach', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  lead: paragraphs('Lead', 400, { required: false }),
  cards: list('Cards', card),
  formatsTitle: line('Formats title'),
  formats: list('Formats', card),
  asideTitle: line('Aside title'),
  asideText: paragraphs('Aside text', 600),
});

export const reasons = section('reasons', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  lead: paragraphs('Lead', 400, { required: false }),
  items: list('Reasons', point),
});

export const roles = section('roles', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  body: paragraphs('Text', 2_000),
  items: list('Roles', card),
});

export const callToAction = section('callToAction', {
  title: line('Title'),
  /** While booking is on. */
  text: paragraphs('Text', 600),
  /** While booking is off. */
  soonText: paragraphs('Text while booking is off', 600),
  soonNote: line('Note while booking is off', 120, { required: false }),
  button,
});

export const pageHeader = section('pageHeader', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  lead: paragraphs('Lead', 600),
  /** While booking is off, when they differ; empty: the same as above. */
  soonTitle: line('Title while booking is off', 120, { required: false }),
  soonLead: paragraphs('Lead while booking is off', 600, { required: false }),
});

export const coaching = section('coaching', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  text: paragraphs('Text', 800),
  points: list('Points', card),
  openTitle: line('Invitation title'),
  openText: paragraphs('Invitation text', 400),
  soonTitle: line('Invitation title while booking is off'),
  soonText: paragraphs('Invitation text while booking is off', 400),
  soonButton: button,
});

export const serviceCards = section('serviceCards', {
  title: line('Title'),
  lead: paragraphs('Lead', 400, { required: false }),
  items: list('Offerings', offering),
});

export const questions = section('questions', {
  title: line('Title'),
  text: paragraphs('Text', 400),
  buttons: list('Buttons', button, { max: 3 }),
});

export const contactDetails = section('contactDetails', {
  responseTitle: line('Response title'),
  responseText: paragraphs('Response text', 400),
  expectTitle: line('Expectations title'),
  expectItems: list('Expectations', line('Expectation', 160)),
  topicsTitle: line('Topics title'),
  topics: list('Topics', line('Topic', 60), { max: 20 }),
  privacyTitle: line('Privacy title'),
  privacyText: paragraphs('Privacy text', 600),
});

export const notFound = section('notFound', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  text: paragraphs('Text', 400),
  button,
});

/** A legal page's title and summary (no call to book: these pages inform, they do not sell). */
export const legalHeader = section('legalHeader', {
  eyebrow: line('Eyebrow', 60, { required: false }),
  title: line('Title'),
  lead: paragraphs('Summary', 600),
});

/** One part of a legal page: a heading, its paragraphs, perhaps a list and a remark after it. */
const legalArticle = z.strictObject({
  heading: line('Heading'),
  body: paragraphs('Text', 6_000, { required: false }),
  items: list('List', line('List item', 600), { max: 30 }),
  after: paragraphs('Text after the list', 2_000, { required: false }),
});
export type LegalArticle = z.infer<typeof legalArticle>;

export const OWN_LEGAL_TEXT_EMPTY = 'Write at least one part of your own text, or use the text written for this site';

/**
 * A legal page's text. A fresh site's is written for it from what is switched on (the newsletter,
 * booking, analytics, how long things are kept) and follows those switches; `ownText` replaces it
 * with the coach's own words, which then stay as written.
 */
export const legalText = section('legalText', {
  ownText: z.boolean({ error: 'Own text must be true or false' }),
  articles: list('Parts', legalArticle, { max: 30 }),
}).refine((value) => !value.ownText || value.articles.length > 0, { message: OWN_LEGAL_TEXT_EMPTY, path: ['articles'] });

/** A link of the header or a footer column. */
const navLink = z.strictObject({ label: line('Link label', 40), link: siteLink('Link') });
export type NavLink = z.infer<typeof navLink>;

export const headerLinks = section('headerLinks', {
  links: list('Links', navLink, { max: 8 }),
  /** The button at the header's end (a plain link beside the call's button while booking is on). */
  action: navLink,
});

const footerColumn = z.strictObject({ title: line('Column title', 40), links: list('Links', navLink, { max: 10 }) });
export type FooterColumn = z.infer<typeof footerColumn>;
export const footerColumns = section('footerColumns', { columns: list('Columns', footerColumn, { max: 4 }) });

export const SECTION_SCHEMAS = {
  hero,
  offerings,
  latestPosts,
  testimonials,
  profile,
  story,
  audiences,
  approach,
  reasons,
  roles,
  callToAction,
  pageHeader,
  coaching,
  serviceCards,
  questions,
  contactDetails,
  notFound,
  legalHeader,
  legalText,
  headerLinks,
  footerColumns,
} as const;

export type SectionType = keyof typeof SECTION_SCHEMAS;
export type Section<Type extends SectionType = SectionType> = z.infer<(typeof SECTION_SCHEMAS)[Type]>;
