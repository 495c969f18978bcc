import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, desc, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { media, mediaRenditions, postRevisions, posts, sitePageRevisions, sitePages, siteSettings } from '#db/schema.ts';
import {
  type AdminMediaItem,
  contentTypeOfExtension,
  MEDIA_IN_USE_MESSAGE,
  MEDIA_IS_FAVICON_MESSAGE,
  MEDIA_IS_LOGO_MESSAGE,
  MEDIA_NOT_FOUND_MESSAGE,
  MEDIA_PAGE_SIZE,
  type MediaContentType,
  type MediaFields,
  type MediaItem,
  type MediaPage,
  type MediaUse,
  mediaIdsIn,
  mediaOnPagesMessage,
  mediaUrl,
  type RenditionFormat,
  renditionUrl,
} from '#src/schemas/media.ts';
import { type PageQuery, pageCount } from '#src/schemas/page.ts';
import { CONTENT_PAGES, PAGE_KEYS } from '#src/schemas/site-content/pages.ts';
import { database } from '../db.ts';
import { conflict, notFound } from '../errors.ts';
import type { ProcessedImage } from '../uploads/process-image.ts';
import { recordAudit } from './audit.ts';
import { readPage } from './paging.ts';

// Images in posts (issue 19, docs/decisions.md: uploads live in Postgres, so every instance serves them).

/** What a post page needs to show an image responsively: its size and the resized copies there are. */
export interface MediaDimensions {
  id: string;
  width: number;
  height: number;
  renditions: Array<{ format: RenditionFormat; width: number }>;
}

/** A post body refers to few images; a body naming thousands is not asked about more than this. */
const MAX_IMAGES_PER_TEXT = 200;

const mediaColumns = {
  id: media.id,
  contentType: media.contentType,
  width: media.width,
  height: media.height,
  byteSize: media.byteSize,
  alt: media.alt,
  decorative: media.decorative,
  createdAt: media.createdAt,
  // The smallest copy is 480 wide, or the original's own width when that is smaller.
  thumbnailWidth: sql<number>`(select min(${mediaRenditions.width}) from ${mediaRenditions} where ${mediaRenditions.mediaId} = ${media.id} and ${mediaRenditions.format} = 'webp')`,
};

/** A stored image as read: the item's own fields, its date as stored and its thumbnail's width. */
type MediaRow = Omit<MediaItem, 'url' | 'createdAt' | 'thumbnailUrl'> & { createdAt: Date; thumbnailWidth: number | null };

const toItem = ({ thumbnailWidth, createdAt, ...row }: MediaRow): MediaItem => ({
  ...row,
  url: mediaUrl(row.id, row.contentType),
  createdAt: createdAt.toISOString(),
  thumbnailUrl: thumbnailWidth ? renditionUrl(row.id, Number(thumbnailWidth), 'webp') : mediaUrl(row.id, row.contentType),
});

/** Stores a processed image and its resized copies in one transaction, under a random, unguessable id. */
export async function storeMedia(image: ProcessedImage, fields: MediaFields, uploadedBy: number): Promise<MediaItem> {
  const id = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(15)));
  const db = await database();
  await db.transaction(async (tx) => {
    await tx.insert(media).values({
      id,
      contentType: image.contentType,
      width: image.width,
      height: image.height,
      byteSize: image.bytes.byteLength,
      bytes: image.bytes,
      alt: fields.alt,
      decorative: fields.decorative,
      uploadedBy,
    });
    await tx.insert(mediaRenditions).values(
      image.renditions.map(({ format, width, height, bytes }) => ({
        mediaId: id,
        format,
        width,
        height,
        byteSize: bytes.byteLength,
        bytes,
      })),
    );
  });
  const [row] = await db.select(mediaColumns).from(media).where(eq(media.id, id));
  return toItem(row!);
}

/** The original's bytes, when `id` is stored with that type. */
export async function getMediaOriginal(id: string, contentType: MediaContentType): Promise<Uint8Array | null> {
  const db = await database();
  const [row] = await db
    .select({ bytes: media.bytes })
    .from(media)
    .where(and(eq(media.id, id), eq(media.contentType, contentType)));
  return row?.bytes ?? null;
}

/** Whether an original's address (`/media/{id}.{ext}`) names an image stored in that format. */
export async function isStoredMediaUrl(url: string): Promise<boolean> {
  const [, id, extension] = /^\/media\/([a-z2-7]{24})\.([a-z]+)$/.exec(url) ?? [];
  const contentType = extension && contentTypeOfExtension(extension);
  if (!id || !contentType) return false;
  const db = await database();
  return (await db.$count(media, and(eq(media.id, id), eq(media.contentType, contentType)))) > 0;
}

/** One resized copy's bytes, or null. */
export async function getMediaRendition(id: string, width: number, format: RenditionFormat): Promise<Uint8Array | null> {
  const db = await database();
  const [row] = await db
    .select({ bytes: mediaRenditions.bytes })
    .from(mediaRenditions)
    .where(and(eq(mediaRenditions.mediaId, id), eq(mediaRenditions.format, format), eq(mediaRenditions.width, width)));
  return row?.bytes ?? null;
}

/**
 * The sizes and copies of the uploaded images a text refers to (a post body, a cover address),
 * for the renderer: two indexed reads, whatever the number of images. Inside a transaction, pass it
 * as `db` (PGlite has one connection: a read beside the transaction would wait for it forever).
 */
export async function mediaDimensionsIn(text: string, db?: Database): Promise<Map<string, MediaDimensions>> {
  const ids = mediaIdsIn(text).slice(0, MAX_IMAGES_PER_TEXT);
  const found = new Map<string, MediaDimensions>();
  if (ids.length === 0) return found;
  db ??= await database();
  const [images, copies] = await Promise.all([
    db.select({ id: media.id, width: media.width, height: media.height }).from(media).where(inArray(media.id, ids)),
    db
      .select({ mediaId: mediaRenditions.mediaId, format: mediaRenditions.format, width: mediaRenditions.width })
      .from(mediaRenditions)
      .where(inArray(mediaRenditions.mediaId, ids))
      .orderBy(mediaRenditions.width),
  ]);
  for (const image of images) found.set(image.id, { ...image, renditions: [] });
  for (const copy of copies) found.get(copy.mediaId)?.renditions.push({ format: copy.format, width: copy.width });
  return found;
}

/** Where a text refers to the image by its address: `/media/{id}.` (any format), never a longer id. */
const mentions = (text: SQLWrapper) => sql`strpos(${text}, '/media/' || ${media.id} || '.') > 0`;
/** The same for one image, in a JSON column (a page's content, a setting's value) read as its text. */
const jsonMentions = (json: SQLWrapper, id: string) => sql<boolean>`strpos(${json}::text, ${`/media/${id}.`}) > 0`;

/**
 * The posts that show each of these images: in their body, as their cover, or in an autosave not
 * yet saved (pending while written from the post's current version, see post_revisions).
 */
const usesOf = (db: Database, ids: string[]) =>
  db
    .selectDistinct({ mediaId: media.id, postId: posts.id, title: posts.title })
    .from(media)
    .innerJoin(
      posts,
      sql`${mentions(posts.content)} or ${mentions(sql`coalesce(${posts.customImage}, '')`)} or exists (
        select 1 from ${postRevisions}
        where ${postRevisions.postId} = ${posts.id} and ${postRevisions.kind} = 'autosave'
          and ${postRevisions.baseVersion} = ${posts.version} and ${mentions(postRevisions.content)})`,
    )
    .where(inArray(media.id, ids))
    .orderBy(posts.id);

/** A page of uploads, newest first, each with the posts that use it. */
export async function listMedia({ page = 1, pageSize = MEDIA_PAGE_SIZE }: Partial<PageQuery> = {}): Promise<MediaPage> {
  const db = await database();
  const listed = await readPage(
    'items',
    { page, pageSize },
    async ({ limit, offset }): Promise<AdminMediaItem[]> => {
      const rows = await db.select(mediaColumns).from(media).orderBy(desc(media.createdAt), desc(media.id)).limit(limit).offset(offset);
      const uses = new Map<string, MediaUse[]>();
      if (rows.length > 0) {
        for (const { mediaId, ...use } of await usesOf(
          db,
          rows.map((row) => row.id),
        )) {
          uses.set(mediaId, [...(uses.get(mediaId) ?? []), use]);
        }
      }
      return rows.map((row) => ({ ...toItem(row), usedIn: uses.get(row.id) ?? [] }));
    },
    () => db.$count(media).then((n) => n),
  );
  return { ...listed, pages: pageCount(listed) };
}

/** The brand images (Settings → Brand), each with the refusal that names it. */
const BRAND_IMAGES = { brandLogo: MEDIA_IS_LOGO_MESSAGE, brandFavicon: MEDIA_IS_FAVICON_MESSAGE } as const;

/**
 * Why the site itself still needs an image, or null: a page shows it (in its content, or in an
 * autosave of it not yet saved, as posts count theirs), or it is the logo or the favicon. The pages'
 * rows and the brand settings' are each read FOR SHARE, every row and not only those that match, so
 * a save of them still in flight is waited for and its new content judged.
 */
async function siteUseOf(tx: Database, id: string): Promise<string | null> {
  const saved = await tx
    .select({ key: sitePages.key, shows: jsonMentions(sitePages.content, id) })
    .from(sitePages)
    .for('share');
  const drafted = await tx
    .selectDistinct({ key: sitePageRevisions.pageKey })
    .from(sitePageRevisions)
    .where(
      and(
        eq(sitePageRevisions.kind, 'autosave'),
        sql`${sitePageRevisions.baseVersion} = coalesce((select ${sitePages.version} from ${sitePages} where ${sitePages.key} = ${sitePageRevisions.pageKey}), 0)`,
        jsonMentions(sitePageRevisions.content, id),
      ),
    );
  const keys = new Set([...saved.filter((page) => page.shows).map((page) => page.key), ...drafted.map((page) => page.key)]);
  if (keys.size > 0) {
    const known = PAGE_KEYS.filter((key) => keys.has(key));
    return mediaOnPagesMessage(known.length > 0 ? known.map((key) => CONTENT_PAGES[key].name) : [...keys]);
  }
  const brand = await tx
    .select({ key: siteSettings.key, shows: jsonMentions(siteSettings.value, id) })
    .from(siteSettings)
    .where(inArray(siteSettings.key, Object.keys(BRAND_IMAGES)))
    .for('share');
  const shown = brand.find((setting) => setting.shows && Object.hasOwn(BRAND_IMAGES, setting.key));
  return shown ? BRAND_IMAGES[shown.key as keyof typeof BRAND_IMAGES] : null;
}

/**
 * Deletes an image nothing shows (its copies go with it): 404 when unknown, 409 naming where it is
 * still shown (a post, a page, the logo or the favicon), checked in the transaction that deletes it.
 */
export async function deleteUnusedMedia(id: string): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const [image] = await tx.select({ id: media.id }).from(media).where(eq(media.id, id)).for('update');
    if (!image) throw notFound(MEDIA_NOT_FOUND_MESSAGE);
    if ((await usesOf(tx, [id])).length > 0) throw conflict(MEDIA_IN_USE_MESSAGE);
    const siteUse = await siteUseOf(tx, id);
    if (siteUse) throw conflict(siteUse);
    await tx.delete(media).where(eq(media.id, id));
    await recordAudit(tx, { action: 'media.deleted', target: { type: 'media', id } });
  });
}
