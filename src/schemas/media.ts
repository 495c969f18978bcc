import { z } from 'zod';
import { type Page, pageFields } from './page.ts';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, SELECT_IMAGE_MESSAGE } from './profile-image.ts';

// Images in posts (issue 19): uploaded in the post editor, listed on /admin/media. The file is
// checked like a profile picture (the bytes decide, same size limit, no SVG); an alt text is
// required unless the image is marked decorative.

export { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, SELECT_IMAGE_MESSAGE };

export const ALT_MAX = 300;
export const ALT_REQUIRED_MESSAGE = 'Describe the image in its alt text, or mark it as decorative';
export const ALT_LENGTH_MESSAGE = `Alt text must be at most ${ALT_MAX} characters`;
export const ALT_TEXT_MESSAGE = 'Alt text must be plain text on one line';
export const DECORATIVE_MESSAGE = 'Decorative must be true or false';
export const IMAGE_UNREADABLE_MESSAGE = 'The image could not be read: the file may be damaged';
export const MEDIA_NOT_FOUND_MESSAGE = 'Image not found';
export const MEDIA_IN_USE_MESSAGE = 'This image is used in a post: take it out of the post before deleting it';
export const MEDIA_IS_LOGO_MESSAGE = 'This image is used as the site logo: choose another logo in Settings → Brand before deleting it';
export const MEDIA_IS_FAVICON_MESSAGE = 'This image is used as the favicon: choose another favicon in Settings → Brand before deleting it';

/** The refusal for an image the public pages show: "used on the About page", "on the Home and About pages". */
export function mediaOnPagesMessage(pageNames: string[]): string {
  if (pageNames.length === 1) return `This image is used on the ${pageNames[0]} page: take it out of the page before deleting it`;
  const named = `${pageNames.slice(0, -1).join(', ')} and ${pageNames.at(-1)}`;
  return `This image is used on the ${named} pages: take it out of those pages before deleting it`;
}

/** The media screen shows this many images a page. */
export const MEDIA_PAGE_SIZE = 24;

/** The widths of the resized copies (never wider than the original: a smaller one gets its own width instead). */
export const RENDITION_WIDTHS = [480, 960, 1600] as const;
export type RenditionFormat = 'webp' | 'avif';

/** A media id: 15 random bytes in lower-case base32, as the profile picture uploads. */
export const MEDIA_ID_PATTERN = /^[a-z2-7]{24}$/;

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif', 'image/webp': 'webp', 'image/avif': 'avif' } as const;
export type MediaContentType = keyof typeof EXTENSIONS;
export type MediaExtension = (typeof EXTENSIONS)[MediaContentType];
export const contentTypeOfExtension = (extension: string): MediaContentType | undefined =>
  (Object.keys(EXTENSIONS) as MediaContentType[]).find((type) => EXTENSIONS[type] === extension);

/**
 * Where an image is served: outside /api/, which robots.txt keeps crawlers out of (as /og/). The
 * original keeps its own format; the resized copies are `/media/{id}/{width}.{webp|avif}`.
 */
export const mediaUrl = (id: string, contentType: MediaContentType) => `/media/${id}.${EXTENSIONS[contentType]}`;
export const renditionUrl = (id: string, width: number, format: RenditionFormat) => `/media/${id}/${width}.${format}`;

/** An image's original address in a post's body or cover; group 1 is its id. */
export const MEDIA_URL_PATTERN = /\/media\/([a-z2-7]{24})\.(?:jpg|png|gif|webp|avif)\b/g;

/** The ids of the images a text (a post's body or its cover address) refers to, each once. */
export const mediaIdsIn = (text: string): string[] => [...new Set([...text.matchAll(MEDIA_URL_PATTERN)].map((match) => match[1]!))];

/** The Markdown that shows the image: `![alt](url)`, the alt's brackets and backslashes escaped; empty for a decorative one. */
export const imageMarkdown = (image: { url: string; alt: string; decorative: boolean }) =>
  `![${image.decorative ? '' : image.alt.replace(/[\\[\]]/g, '\\$&')}](${image.url})`;

/**
 * The text fields sent with the file (multipart, so every value is a string). Control characters
 * (NUL included, which Postgres text refuses) and line breaks have no place in an alt text.
 */
export const mediaFieldsSchema = z
  .object({
    alt: z
      .string(ALT_REQUIRED_MESSAGE)
      .trim()
      .max(ALT_MAX, ALT_LENGTH_MESSAGE)
      .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), ALT_TEXT_MESSAGE)
      .default(''),
    decorative: z.enum(['true', 'false'], DECORATIVE_MESSAGE).default('false'),
  })
  .transform(({ alt, decorative }) => ({ alt: decorative === 'true' ? '' : alt, decorative: decorative === 'true' }))
  .refine((fields) => fields.decorative || fields.alt !== '', { message: ALT_REQUIRED_MESSAGE, path: ['alt'] });
export type MediaFields = z.output<typeof mediaFieldsSchema>;

export const mediaPageQuerySchema = z.object(pageFields({ size: MEDIA_PAGE_SIZE }));

/** An uploaded image, as the upload answers it. */
export interface MediaItem {
  id: string;
  /** The original (metadata stripped), in its own format. */
  url: string;
  contentType: MediaContentType;
  width: number;
  height: number;
  byteSize: number;
  alt: string;
  decorative: boolean;
  createdAt: string;
  /** The smallest resized WebP copy, for thumbnails. */
  thumbnailUrl: string;
}

/** A post an image appears in (its body, its cover, or an autosave not yet saved). */
export interface MediaUse {
  postId: number;
  title: string;
}

export interface AdminMediaItem extends MediaItem {
  usedIn: MediaUse[];
}

/** GET /api/admin/media?page=n: newest first. */
export type MediaPage = Page<'items', AdminMediaItem> & {
  /** How many pages there are (pageCount). */
  pages: number;
};
