import { eq } from 'drizzle-orm';
import { sitePages } from '#db/schema.ts';
import { pageCache } from '#server/cache/page-cache.ts';
import { database } from '#server/db.ts';
import { log } from '#server/log.ts';
import { DEFAULT_PAGES } from '#src/config/pages/index.ts';
import { type PageContent, type PageKey, pageContent } from '#src/schemas/site-content/pages.ts';

// What a public page says: the coach's saved content, or a fresh site's words until they save
// their own (issue 31).

export interface StoredPage {
  content: PageContent;
  /** 0 while the page shows a fresh site's words (nothing saved yet). */
  version: number;
  updatedAt: string | null;
}

/** A page as stored, checked against its schema; a row that no longer fits shows the fresh site's words. */
export async function readPage(key: PageKey): Promise<StoredPage> {
  const db = await database();
  const [row] = await db.select().from(sitePages).where(eq(sitePages.key, key));
  if (!row) return { content: DEFAULT_PAGES[key], version: 0, updatedAt: null };
  const parsed = pageContent(key).safeParse(row.content);
  if (!parsed.success) {
    log('error', 'site_page_unreadable', { page: key, problem: parsed.error.issues[0]?.message });
    return { content: DEFAULT_PAGES[key], version: row.version, updatedAt: row.updatedAt.toISOString() };
  }
  return { content: parsed.data, version: row.version, updatedAt: row.updatedAt.toISOString() };
}

const cached = new Map<PageKey, { ticket: number; page: Promise<StoredPage> }>();

/** A page for rendering: read once per page-cache generation (any change reads it again). */
export function currentPage(key: PageKey): Promise<StoredPage> {
  const ticket = pageCache.ticket();
  const entry = cached.get(key);
  if (entry?.ticket === ticket) return entry.page;
  const page = readPage(key);
  cached.set(key, { ticket, page });
  page.catch(() => {
    if (cached.get(key)?.page === page) cached.delete(key);
  });
  return page;
}

/** A page's content for rendering (see currentPage). */
export const currentPageContent = (key: PageKey): Promise<PageContent> => currentPage(key).then((page) => page.content);
