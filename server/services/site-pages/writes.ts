import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sitePageRevisions, sitePages } from '#db/schema.ts';
import { contentChanged } from '#server/cache/content-events.ts';
import { database } from '#server/db.ts';
import { conflict, notFound } from '#server/errors.ts';
import { ValidationError, validationError } from '#server/validation.ts';
import { REVISION_NOT_FOUND, REVISIONS_LISTED, type RevisionKind, type RevisionSummary } from '#src/schemas/post-revision.ts';
import {
  type AdminPage,
  CONTENT_PAGES,
  isEverywhere,
  PAGE_CHANGED_ELSEWHERE,
  PAGE_KEYS,
  type PageContent,
  type PageKey,
  type PageSave,
  pageContent,
} from '#src/schemas/site-content/pages.ts';
import { continuesSession, currentAuthor, withinMergeWindow } from '../revisions.ts';
import { readPage } from './read.ts';

// The coach's edits of a page (issue 31), kept like a post's: every save and restore leaves a
// revision, autosaves hold the work in progress, and a save from an older version is refused.

/** A page's own sections, each once; a 400 naming the field otherwise. */
function checkedContent(key: PageKey, content: PageContent): PageContent {
  const parsed = pageContent(key).safeParse(content);
  if (parsed.success) return parsed.data;
  const { message, field } = validationError(parsed.error);
  throw new ValidationError(message, field ? `content.${field}` : 'content');
}

/** A page as the editor reads it: its name and path, its content (or a fresh site's) and version. */
export const getAdminPage = async (key: PageKey): Promise<AdminPage> => {
  const { name, path, sections } = CONTENT_PAGES[key];
  return { key, name, path, sections, everywhere: isEverywhere(key), ...(await readPage(key)) };
};

/** Every page the coach can edit, with when each was last saved. */
export async function listAdminPages(): Promise<Array<Omit<AdminPage, 'content'>>> {
  const pages = await Promise.all(PAGE_KEYS.map(getAdminPage));
  return pages.map(({ content: _content, ...page }) => page);
}

async function write(tx: Database, key: PageKey, content: PageContent, version: number, kind: RevisionKind): Promise<void> {
  // One statement for the first save and every later one: two editors saving from the same
  // version cannot both succeed.
  const [saved] = await tx
    .insert(sitePages)
    .values({ key, content, version: 1 })
    .onConflictDoUpdate({
      target: sitePages.key,
      set: { content, version: sql`${sitePages.version} + 1`, updatedAt: sql`now()` },
      setWhere: eq(sitePages.version, version),
    })
    .returning({ version: sitePages.version });
  if (!saved || saved.version !== version + 1) throw conflict(PAGE_CHANGED_ELSEWHERE);
  const author = await currentAuthor(tx);
  await tx
    .insert(sitePageRevisions)
    .values({ pageKey: key, kind, authorId: author.id, authorName: author.name, baseVersion: version, content });
}

/**
 * Saves a page from the version the editor opened, and clears that page, and only it, on every
 * instance (all pages for the header and footer and the not-found page, which show everywhere).
 */
export async function savePage(key: PageKey, input: PageSave, kind: RevisionKind = 'save'): Promise<AdminPage> {
  const content = checkedContent(key, input.content);
  const db = await database();
  await db.transaction((tx) => write(tx, key, content, input.version, kind));
  await contentChanged(isEverywhere(key) ? undefined : { pages: [CONTENT_PAGES[key].path] });
  return getAdminPage(key);
}

/** Keeps the editor's work in progress; the page itself is unchanged until the coach saves. */
export async function autosavePage(key: PageKey, input: PageSave): Promise<{ revisionId: number; savedAt: string; pageVersion: number }> {
  const content = checkedContent(key, input.content);
  const db = await database();
  return db.transaction(async (tx) => {
    const [page] = await tx.select({ version: sitePages.version }).from(sitePages).where(eq(sitePages.key, key)).for('key share');
    const pageVersion = page?.version ?? 0;
    const author = await currentAuthor(tx);
    const [latest] = await tx
      .select({
        id: sitePageRevisions.id,
        kind: sitePageRevisions.kind,
        authorId: sitePageRevisions.authorId,
        baseVersion: sitePageRevisions.baseVersion,
      })
      .from(sitePageRevisions)
      .where(and(eq(sitePageRevisions.pageKey, key), withinMergeWindow(sitePageRevisions.createdAt)))
      .orderBy(desc(sitePageRevisions.id))
      .limit(1)
      .for('update');
    const [row] = continuesSession(latest, author, input.version)
      ? await tx
          .update(sitePageRevisions)
          .set({ content, createdAt: sql`now()` })
          .where(eq(sitePageRevisions.id, latest.id))
          .returning({ id: sitePageRevisions.id, createdAt: sitePageRevisions.createdAt })
      : await tx
          .insert(sitePageRevisions)
          .values({ pageKey: key, kind: 'autosave', authorId: author.id, authorName: author.name, baseVersion: input.version, content })
          .returning({ id: sitePageRevisions.id, createdAt: sitePageRevisions.createdAt });
    return { revisionId: row!.id, savedAt: row!.createdAt.toISOString(), pageVersion };
  });
}

/** The newest revisions of a page, without their content. */
export async function listPageRevisions(key: PageKey): Promise<Array<Omit<RevisionSummary, 'title'>>> {
  const db = await database();
  const rows = await db
    .select({
      id: sitePageRevisions.id,
      kind: sitePageRevisions.kind,
      authorName: sitePageRevisions.authorName,
      createdAt: sitePageRevisions.createdAt,
    })
    .from(sitePageRevisions)
    .where(eq(sitePageRevisions.pageKey, key))
    .orderBy(desc(sitePageRevisions.createdAt), desc(sitePageRevisions.id))
    .limit(REVISIONS_LISTED);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** One revision of a page in full, or a 404 (a revision of another page is not found either). */
export async function getPageRevision(key: PageKey, revisionId: number) {
  const db = await database();
  const [row] = await db
    .select()
    .from(sitePageRevisions)
    .where(and(eq(sitePageRevisions.pageKey, key), eq(sitePageRevisions.id, revisionId)));
  if (!row) throw notFound(REVISION_NOT_FOUND);
  return {
    id: row.id,
    kind: row.kind,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    baseVersion: row.baseVersion,
    content: row.content as PageContent,
  };
}

/** Puts a revision's content back as the page, from the version the editor shows; kept as a 'restore'. */
export async function restorePageRevision(key: PageKey, revisionId: number, version: number): Promise<AdminPage> {
  const revision = await getPageRevision(key, revisionId);
  return savePage(key, { content: revision.content, version }, 'restore');
}

/** The autosave the editor opens with: the newest revision when it is an autosave of the page's current version. */
export async function pendingPageAutosave(key: PageKey): Promise<{ content: PageContent; savedAt: string } | null> {
  const db = await database();
  const [[latest], [page]] = await Promise.all([
    db.select().from(sitePageRevisions).where(eq(sitePageRevisions.pageKey, key)).orderBy(desc(sitePageRevisions.id)).limit(1),
    db.select({ version: sitePages.version }).from(sitePages).where(eq(sitePages.key, key)),
  ]);
  if (latest?.kind !== 'autosave' || latest.baseVersion !== (page?.version ?? 0)) return null;
  const parsed = pageContent(key).safeParse(latest.content);
  return parsed.success ? { content: parsed.data, savedAt: latest.createdAt.toISOString() } : null;
}
