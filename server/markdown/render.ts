import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { type Plugin, type Transformer, unified } from 'unified';

// The hast types come from a transitive package, so they are derived from rehype-sanitize's own signature instead.
type Root = Parameters<ReturnType<typeof rehypeSanitize>>[0];
type Node = Root | Root['children'][number];
type Element = Extract<Node, { type: 'element' }>;

// Elements that must not survive even as unwrapped text: raw-text containers (script, style, iframe, …) would leak
// their source as visible text, and svg/math carry their own URL and event attributes (SECURITY §1.3.1, §2.5).
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

// defaultSchema allows `input` only for GFM task lists, which remark-parse without remark-gfm never produces.
const REMOVED_TAGS = new Set(['input']);

const defaultAttributes = defaultSchema.attributes ?? {};

const sanitizeSchema: SanitizeSchema = {
  ...defaultSchema,
  // GitHub's prefix keeps author ids and names from clobbering DOM globals (`name=getElementById`, `id=__proto__`).
  clobberPrefix: 'user-content-',
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => !REMOVED_TAGS.has(tag)),
  attributes: Object.fromEntries(
    Object.entries(defaultAttributes)
      .filter(([tag]) => !REMOVED_TAGS.has(tag))
      // srcset is not protocol-checked by the sanitizer, so it could smuggle data: URLs past the `src` rule.
      .map(([tag, allowed]) => [tag, tag === 'source' ? allowed.filter((attribute) => attribute !== 'srcSet') : allowed]),
  ),
  required: {},
  strip: STRIPPED_TAGS,
  protocols: {
    ...defaultSchema.protocols,
    href: ['http', 'https', 'mailto'],
    src: ['http', 'https'],
  },
};

const isElement = (node: Node): node is Element => node.type === 'element';

const HEADING = /^h[1-6]$/;

function textOf(node: Node): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return node.children.map((child) => textOf(child)).join('');
  return '';
}

const isInvisible = (node: Node) =>
  node.type === 'comment' || node.type === 'doctype' || (node.type === 'text' && node.value.trim() === '');

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The post page shows the title itself, so a body that opens by repeating it (as Markdown `# Title` or HTML
 * `<h1>Title</h1>`) would print it twice. Only a leading heading is dropped; whitespace and comments before it
 * are invisible, so they do not count as content.
 */
const removeLeadingTitle: Plugin<[], Root> = () => {
  const transform: Transformer<Root, Root> = (tree, file) => {
    const title = typeof file.data.title === 'string' ? normalise(file.data.title) : '';
    if (title === '') return;
    const index = tree.children.findIndex((child) => !isInvisible(child));
    const first = tree.children[index];
    if (first && isElement(first) && HEADING.test(first.tagName) && normalise(textOf(first)) === title) {
      const next = tree.children[index + 1];
      // Taking the line break after the heading too keeps the body from opening with a stray newline.
      tree.children.splice(0, index + (next && isInvisible(next) ? 2 : 1));
    }
  };
  return transform;
};

// `//host` and `/\host` leave the site too (browsers read `\` as `/` in http URLs), though the sanitizer sees them as relative.
const OFF_SITE = /^\s*(?:https?:|[\\/]{2})/i;

function addRelToExternalLinks(node: Node): void {
  if (isElement(node) && node.tagName === 'a') {
    const href = node.properties.href;
    if (typeof href === 'string' && OFF_SITE.test(href)) node.properties.rel = ['noopener', 'noreferrer'];
  }
  if ('children' in node) for (const child of node.children) addRelToExternalLinks(child);
}

// Runs after the sanitizer, which would otherwise drop `rel` (not in GitHub's allow-list) along with author-supplied values.
const externalLinkRel: Plugin<[], Root> = () => (tree) => {
  addRelToExternalLinks(tree);
};

// Built once: unified freezes the processor on first use, and the title travels per call in `file.data`.
const processor = unified()
  .use(remarkParse)
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(removeLeadingTitle)
  .use(rehypeSanitize, sanitizeSchema)
  .use(externalLinkRel)
  .use(rehypeStringify);

/**
 * Renders a post body written in Markdown, HTML or a mix of both to sanitised HTML. The public post page and the
 * admin preview both call this, so what an admin previews is exactly what visitors get (SECURITY §1.3.1).
 * A leading heading equal to `title` (ignoring case and extra whitespace) is dropped.
 */
export async function renderPostBody(source: string, title?: string): Promise<string> {
  const file = await processor.process({ value: source, data: { title } });
  return String(file);
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
