import rehypeExternalLinks from 'rehype-external-links';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Plugin, unified } from 'unified';
import { MEDIA_ID_PATTERN, type RenditionFormat, renditionUrl } from '#src/schemas/media.ts';

// The hast types come from a transitive package, so they are derived from rehype-sanitize's own signature instead.
type Root = Parameters<ReturnType<typeof rehypeSanitize>>[0];
type Node = Root | Root['children'][number];
type Element = Extract<Node, { type: 'element' }>;

// Elements that must not survive even as unwrapped text: raw-text containers (script, style, iframe, …) would leak
// their source as visible text, and svg/math carry their own URL and event attributes (docs/security.md#markdown).
const STRIPPED_TAGS = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'template',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
];

const defaultAttributes = defaultSchema.attributes ?? {};

const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  // GitHub's prefix keeps author ids and names from clobbering DOM globals (`name=getElementById`, `id=__proto__`).
  clobberPrefix: 'user-content-',
  attributes: {
    ...Object.fromEntries(
      Object.entries(defaultAttributes)
        // srcset is not protocol-checked by the sanitizer, so it could smuggle data: URLs past the `src` rule.
        .map(([tag, allowed]) => [tag, tag === 'source' ? allowed.filter((attribute) => attribute !== 'srcSet') : allowed]),
    ),
    // GFM task lists: a disabled checkbox, ticked or not, and nothing else (keepOnlyTaskCheckboxes drops other inputs).
    input: [['disabled', true], ['type', 'checkbox'], 'checked'],
  },
  required: { input: { disabled: true, type: 'checkbox' } },
  strip: STRIPPED_TAGS,
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
  },
};

const isElement = (node: Node): node is Element => node.type === 'element';
const isBlank = (node: Node | undefined) => node?.type === 'text' && node.value.trim() === '';

/**
 * The page shows the title itself, and the body's first H1 line is its title again (as Markdown
 * `# …`, a setext `===` heading or HTML `<h1>`): the first top-level H1 goes, whatever its text,
 * with the line break after it. Later H1s and other headings stay.
 */
const removeFirstH1: Plugin<[], Root> = () => (tree) => {
  const index = tree.children.findIndex((child) => isElement(child) && child.tagName === 'h1');
  if (index >= 0) tree.children.splice(index, isBlank(tree.children[index + 1]) ? 2 : 1);
};

/**
 * URL schemes are case-insensitive (RFC 3986 §3.1) but the sanitizer's allow-list is not: the
 * scheme of every link and image is lower-cased first, so `HTTPS://…` keeps its link and
 * `JavaScript:…` is still refused.
 */
const lowerCaseSchemes: Plugin<[], Root> = () => (tree) => {
  const visit = (node: Node) => {
    if (isElement(node)) {
      for (const attribute of ['href', 'src'] as const) {
        const value = node.properties[attribute];
        if (typeof value === 'string')
          node.properties[attribute] = value.replace(/^\s*[a-z][a-z0-9+.-]*:/i, (scheme) => scheme.toLowerCase());
      }
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
};

const isTaskItem = (node: Node) => {
  if (!isElement(node) || node.tagName !== 'li') return false;
  const classes = node.properties.className;
  return Array.isArray(classes) && classes.includes('task-list-item');
};

/**
 * remark-gfm writes a task-list item as `<li class="task-list-item"><input type="checkbox" disabled>…`.
 * Any other `<input>` (typed as raw HTML anywhere else) goes, so an input is only ever a task's checkbox.
 */
const keepOnlyTaskCheckboxes: Plugin<[], Root> = () => (tree) => {
  const visit = (node: Node) => {
    if (!('children' in node)) return;
    const keepInputs = isTaskItem(node);
    node.children = node.children.filter((child) => keepInputs || !isElement(child) || child.tagName !== 'input') as typeof node.children;
    for (const child of node.children) visit(child);
  };
  visit(tree);
};

/**
 * The sanitizer prefixes every id (`fn-1` becomes `user-content-fn-1`) but not the links to them: a
 * `#fragment` link whose prefixed target exists in the body (footnote references and back links,
 * or an author's own in-page link) is pointed at the prefixed id, the way GitHub's script does.
 */
const linkToPrefixedIds: Plugin<[], Root> = () => (tree) => {
  const ids = new Set<string>();
  const links: Element[] = [];
  const visit = (node: Node) => {
    if (isElement(node)) {
      if (typeof node.properties.id === 'string') ids.add(node.properties.id);
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && node.properties.href.startsWith('#')) links.push(node);
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  for (const link of links) {
    // Ids and fragments are compared as written (remark-rehype percent-encodes a footnote label in both).
    const target = `${sanitizeSchema.clobberPrefix}${String(link.properties.href).slice(1)}`;
    if (ids.has(target)) link.properties.href = `#${target}`;
  }
};

// `//host` and `/\host` leave the site too (browsers read `\` as `/` in http URLs), though the sanitizer sees them as relative.
const OFF_SITE = /^\s*(?:https?:|[\\/]{2})/i;

/** An uploaded image's stored size and resized copies (server/services/media.ts reads them for the ids a body names). */
export interface ImageDimensions {
  width: number;
  height: number;
  renditions: ReadonlyArray<{ format: RenditionFormat; width: number }>;
}

export type ImageDimensionsById = ReadonlyMap<string, ImageDimensions>;

/** How wide a body image is drawn: the article column (max-w-3xl less its padding), else the viewport less its margins. */
export const BODY_IMAGE_SIZES = '(min-width: 768px) 720px, calc(100vw - 2rem)';

const UPLOADED_IMAGE = /^\/media\/([a-z2-7]{24})\.(?:jpg|png|gif|webp|avif)$/;
// Newer and smaller first: the browser takes the first <source> whose type it can show.
const SOURCE_FORMATS: RenditionFormat[] = ['avif', 'webp'];

/**
 * An uploaded image (`/media/{id}.jpg`) known to `images` loads lazily (the cover sits above the
 * body), with its stored width and height, so the page keeps its layout while it loads, in a
 * <picture> of its AVIF and WebP copies with `srcset`/`sizes`. Other images are left as written.
 * This runs after the sanitizer: every value it writes is a number or an address built here from a
 * checked id.
 */
function addResponsiveImages(tree: Root, images: ImageDimensionsById): void {
  const visit = (node: Node) => {
    if (!('children' in node)) return;
    node.children = node.children.map((child) => {
      if (!isElement(child)) return child;
      if (child.tagName !== 'img') {
        visit(child);
        return child;
      }
      const id = UPLOADED_IMAGE.exec(String(child.properties.src ?? ''))?.[1];
      const image = id && MEDIA_ID_PATTERN.test(id) ? images.get(id) : undefined;
      if (!id || !image) return child;
      child.properties.loading = 'lazy';
      child.properties.decoding = 'async';
      child.properties.width = image.width;
      child.properties.height = image.height;
      const sources: Element[] = SOURCE_FORMATS.flatMap((format) => {
        const widths = image.renditions.filter((copy) => copy.format === format).map((copy) => copy.width);
        if (widths.length === 0) return [];
        const srcSet = widths.map((width) => `${renditionUrl(id, width, format)} ${width}w`).join(', ');
        const source: Element = {
          type: 'element',
          tagName: 'source',
          properties: { type: `image/${format}`, srcSet, sizes: BODY_IMAGE_SIZES },
          children: [],
        };
        return [source];
      });
      if (sources.length === 0) return child;
      const picture: Element = { type: 'element', tagName: 'picture', properties: {}, children: [...sources, child] };
      return picture;
    }) as typeof node.children;
  };
  visit(tree);
}

// Built once: unified freezes the processor on first use.
const processor = unified()
  .use(remarkParse)
  // GitHub-flavoured tables, task lists, strikethrough, footnotes and autolinks.
  .use(remarkGfm)
  // Footnote ids unprefixed here: the sanitizer adds the one prefix every id gets, and linkToPrefixedIds follows.
  .use(remarkRehype, { allowDangerousHtml: true, clobberPrefix: '' })
  .use(rehypeRaw)
  .use(removeFirstH1)
  .use(keepOnlyTaskCheckboxes)
  .use(lowerCaseSchemes)
  .use(rehypeSanitize, sanitizeSchema)
  .use(linkToPrefixedIds)
  // After the sanitizer, which would otherwise drop `rel` (not in GitHub's allow-list).
  .use(rehypeExternalLinks, {
    rel: ['noopener', 'noreferrer'],
    test: (element) => typeof element.properties.href === 'string' && OFF_SITE.test(element.properties.href),
  })
  .use(rehypeStringify);

/**
 * The version of what renderPostBody makes of a body. Posts keep their rendered HTML with this
 * number (server/services/posts/html.ts), so bump it with any change here that alters the HTML for
 * some input (a plugin added or removed, an option, the sanitiser's schema): stored HTML of an
 * older version is then rendered again, on its next view and by the start-up backfill.
 */
export const RENDER_VERSION = 2;

const NO_IMAGES: ImageDimensionsById = new Map();

/**
 * Renders a post body written in Markdown, HTML or a mix of both to sanitised HTML, without its
 * first H1 line. The public post page and the admin preview both call this, so what an admin
 * previews is exactly what visitors get. `images` holds the uploaded images the body names
 * (server/services/media.ts mediaDimensionsIn), drawn at their own size with their resized copies.
 */
export async function renderPostBody(source: string, images: ImageDimensionsById = NO_IMAGES): Promise<string> {
  const tree = await processor.run(processor.parse(source));
  addResponsiveImages(tree, images);
  return processor.stringify(tree);
}

const WORDS_PER_MINUTE = 200;

/** Minutes to read the body at 200 words a minute, rounded up and never below 1; markup does not count. */
export function readingTimeMinutes(source: string): number {
  const text = source
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    // Keep a link's or image's text, drop its destination.
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/gi, ' ');
  const words = text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
