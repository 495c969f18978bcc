import { z } from 'zod';
import { MEDIA_ID_PATTERN } from '../media.ts';

// The building blocks of the pages' content (issue 31): words, links, buttons and images, each
// checked so that what the coach writes can only ever be text, a page of this site or an https
// address — never markup and never a script URL. A failed check names its field.

const plainLine = /^[^\r\n\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
const plainText = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** A one-line text of at most `max` characters; `required` refuses an empty one with "{label} is required". */
export const line = (label: string, max = 120, { required = true } = {}) => {
  const text = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(plainLine, `${label} must be plain text on one line`);
  return required ? text.min(1, `${label} is required`) : text;
};

/** A text that may hold several paragraphs (separated by an empty line). */
export const paragraphs = (label: string, max = 2_000, { required = true } = {}) => {
  const text = z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .regex(plainText, `${label} must be plain text`);
  return required ? text.min(1, `${label} is required`) : text;
};

/** A list of at most `max` items. */
export const list = <T extends z.ZodType>(label: string, item: T, { max = 12, min = 0 } = {}) =>
  z
    .array(item, { error: `${label} must be a list` })
    .min(min, min === 1 ? `${label} needs at least one item` : `${label} needs at least ${min} items`)
    .max(max, `${label} can hold at most ${max} items`);

export const LINK_MESSAGE = 'must be a page of this site (starting with /) or an https:// address';

// A path of this site, with an optional #anchor: letters, digits and - _ . ~ / only, and never
// `//` (a protocol-relative address leaves the site).
const SITE_PATH = /^\/(?!\/)(?!.*\/\/)[A-Za-z0-9\-._~/]*(?:#[A-Za-z0-9\-_]+)?$/;

/** An absolute https address with a host name and no user or password in it. */
export function isHttpsAddress(value: string): boolean {
  if (!value.startsWith('https://')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Where a button or link leads: a page of this site (`/book`, `/services#coaching`) or an https address. */
export const siteLink = (label: string) =>
  z
    .string({ error: `${label} ${LINK_MESSAGE}` })
    .trim()
    .max(2_000, `${label} must be at most 2000 characters`)
    .refine((value) => SITE_PATH.test(value) || isHttpsAddress(value), `${label} ${LINK_MESSAGE}`);

/** An external address (opens the other site): the one test the public pages use to mark such links. */
export const isExternalLink = (link: string) => link.startsWith('https://');

export const button = z.strictObject({
  label: line('Button label', 60),
  link: siteLink('Button link'),
});
export type ContentButton = z.infer<typeof button>;

export const IMAGE_MESSAGE = 'Image must be chosen from Media';
export const IMAGE_ALT_REQUIRED = 'Describe the image in its alt text';

const MEDIA_SRC = new RegExp(`^/media/${MEDIA_ID_PATTERN.source.slice(1, -1)}\\.(?:jpg|png|gif|webp|avif)$`);
// The pictures the site ships with (the fresh site's portrait): public/images/.
const SHIPPED_SRC = /^\/images\/[a-z0-9-]+\.(?:svg|png|jpg|webp)$/;

/** A picture from Media (or one the site ships with), with its required alt text. */
export const image = z.strictObject({
  src: z.string({ error: IMAGE_MESSAGE }).refine((src) => MEDIA_SRC.test(src) || SHIPPED_SRC.test(src), IMAGE_MESSAGE),
  alt: z
    .string({ error: IMAGE_ALT_REQUIRED })
    .trim()
    .min(1, IMAGE_ALT_REQUIRED)
    .max(300, 'Alt text must be at most 300 characters')
    .regex(plainLine, 'Alt text must be plain text on one line'),
});
export type ContentImage = z.infer<typeof image>;
