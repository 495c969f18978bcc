import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, oneOf } from './columns.ts';
import { REVISION_KINDS } from './content.ts';

// The public pages' content as the coach wrote it (issue 31): one row per page, once saved. A page
// without a row shows a fresh site's words (src/config/pages/). The content is checked by the
// page's schema (src/schemas/site-content/) on every write and read.

export const PAGE_KEYS = ['home', 'about', 'services', 'contact', 'privacy', 'terms', 'cookies', 'not-found', 'navigation'] as const;

export const sitePages = pgTable(
  'site_pages',
  {
    key: text({ enum: PAGE_KEYS }).primaryKey(),
    content: jsonb().notNull(),
    // Each save takes the next version: an editor that saves from an older one is told (409).
    version: integer().notNull().default(1),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('site_pages_key_check', oneOf('key', PAGE_KEYS))],
);

/** A page's history, as posts keep theirs: saves, restores and the editor's autosaves. */
export const sitePageRevisions = pgTable(
  'site_page_revisions',
  {
    id: serial().primaryKey(),
    pageKey: text({ enum: PAGE_KEYS }).notNull(),
    kind: text({ enum: REVISION_KINDS }).notNull(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    // The page's version this revision was written from (an autosave is pending while it matches).
    baseVersion: integer().notNull(),
    content: jsonb().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('site_page_revisions_kind_check', oneOf('kind', REVISION_KINDS)),
    check('site_page_revisions_key_check', oneOf('page_key', PAGE_KEYS)),
    index('site_page_revisions_page_recent_idx').on(t.pageKey, t.createdAt.desc()),
  ],
);
