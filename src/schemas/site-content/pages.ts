import { z } from 'zod';
import { line, paragraphs } from './fields.ts';
import { SECTION_SCHEMAS, type Section, type SectionType } from './sections.ts';

// The public pages the coach edits in Admin → Pages (issue 31), and the sections each is made of.
// A page holds each of its sections exactly once, in the coach's order, some perhaps hidden: they
// can be moved and hidden, never lost.

export const CONTENT_PAGES = {
  home: { name: 'Home', path: '/', sections: ['hero', 'offerings', 'latestPosts', 'testimonials'] },
  about: { name: 'About', path: '/about', sections: ['profile', 'story', 'audiences', 'approach', 'reasons', 'roles', 'callToAction'] },
  services: { name: 'Services', path: '/services', sections: ['pageHeader', 'coaching', 'serviceCards', 'questions'] },
  contact: { name: 'Contact', path: '/contact', sections: ['pageHeader', 'contactDetails'] },
  privacy: { name: 'Privacy Policy', path: '/privacy', sections: ['legalHeader', 'legalText'] },
  terms: { name: 'Terms of Service', path: '/terms', sections: ['legalHeader', 'legalText'] },
  cookies: { name: 'Cookie Policy', path: '/cookies', sections: ['legalHeader', 'legalText'] },
  'not-found': { name: 'Not-found page', path: '/404', sections: ['notFound'], everywhere: 'at any address that does not exist' },
  navigation: { name: 'Header and footer', path: '/', sections: ['headerLinks', 'footerColumns'], everywhere: 'on every page' },
} as const satisfies Record<
  string,
  {
    name: string;
    /** Where the page is seen ("View page"). */
    path: string;
    sections: readonly SectionType[];
    /**
     * Where it shows, when that is not one address (the header and footer on every page, the
     * not-found page at any unknown one): it has no browser-tab title of its own, and saving it
     * clears every page.
     */
    everywhere?: string;
  }
>;

export type PageKey = keyof typeof CONTENT_PAGES;
export const PAGE_KEYS = Object.keys(CONTENT_PAGES) as PageKey[];
export const isPageKey = (value: string): value is PageKey => Object.hasOwn(CONTENT_PAGES, value);
/** Whether a page shows at every address (see `everywhere` above). */
export const isEverywhere = (key: PageKey): boolean => 'everywhere' in CONTENT_PAGES[key];

/** Where visitors see a page: its address, or where a part shown everywhere shows. */
export const seenAt = (key: PageKey): string => {
  const page: { path: string; everywhere?: string } = CONTENT_PAGES[key];
  return page.everywhere ?? `at ${page.path}`;
};

export const PAGE_NOT_FOUND = 'Page not found';

const meta = z.strictObject({
  /** The browser tab's title; empty on Home and About: the site's and the coach's name. */
  title: line('Page title', 70, { required: false }),
  /** What search engines and shared links show; empty: one written for the page, or the site's description. */
  description: paragraphs('Description', 300, { required: false }),
});

const anySection = z.discriminatedUnion('type', Object.values(SECTION_SCHEMAS) as [(typeof SECTION_SCHEMAS)[SectionType]], {
  error: 'Section type is not one of the page sections',
});

/** A page's whole content: its search and tab texts, and its sections in order. */
export interface PageContent {
  meta: z.infer<typeof meta>;
  sections: Section[];
}

/** The content schema of one page: its own sections, each exactly once. */
export function pageContent(key: PageKey): z.ZodType<PageContent> {
  const expected: readonly SectionType[] = CONTENT_PAGES[key].sections;
  return z.strictObject({
    meta,
    sections: z.array(anySection, { error: 'Sections must be a list' }).superRefine((sections, context) => {
      const types = sections.map((section) => section.type).sort();
      if (types.length !== expected.length || [...expected].sort().some((type, index) => types[index] !== type)) {
        context.addIssue({ code: 'custom', message: `Sections must hold each of this page's sections once: ${expected.join(', ')}` });
      }
    }),
  }) as z.ZodType<PageContent>;
}

/** Any page's content as the API reads it first; then `pageContent(key)` checks that page's own sections. */
export const anyPageContent = z.strictObject({
  meta,
  sections: z.array(anySection, { error: 'Sections must be a list' }),
}) as z.ZodType<PageContent>;

export const PAGE_VERSION_MESSAGE = 'version must be a whole number from 0';
const pageVersion = z.int(PAGE_VERSION_MESSAGE).min(0, PAGE_VERSION_MESSAGE).max(2_147_483_647, PAGE_VERSION_MESSAGE);

/** A save (and an autosave): the whole content, and the version the editor opened (0: the fresh site's words). */
export const pageSaveSchema = z.strictObject({ content: anyPageContent, version: pageVersion });
export type PageSave = z.infer<typeof pageSaveSchema>;

/** A restore, from the version the editor shows. */
export const pageRestoreSchema = z.strictObject({ version: pageVersion });

export const PAGE_CHANGED_ELSEWHERE = 'This page was saved elsewhere since you opened it: reload it to see those changes first';

/** A page as the editor reads it. */
export interface AdminPage {
  key: PageKey;
  name: string;
  path: string;
  sections: readonly SectionType[];
  /** Shown at every address: no tab title of its own (see CONTENT_PAGES). */
  everywhere: boolean;
  content: PageContent;
  /** 0 while the page shows a fresh site's words. */
  version: number;
  updatedAt: string | null;
}

/** The section of `type` on a page, typed (every page holds each of its sections once). */
export const sectionOf = <Type extends SectionType>(content: PageContent, type: Type) =>
  content.sections.find((section): section is Section<Type> => section.type === type);
