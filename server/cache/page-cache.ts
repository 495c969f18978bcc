import { env } from '../env.ts';
import { rscPagePath } from './cache-key.ts';

// Rendered public pages (HTML and the RSC payloads of client navigation) kept in memory, keyed
// on the path and the query parameters its page reads (cache-key.ts): public pages are the same
// for every visitor (ASVS 14.2.2, docs/security.md). A content change clears what shows it on
// every instance (content-events.ts): a change to posts clears those posts' own pages and every
// other page (lists, feeds, the sitemap, the home page), never another post's page; any other
// change clears everything. A render that started before a change it shows is never stored, so a
// page rendered from old data cannot outlive the change.

/**
 * What changed: the slugs (old and new) of the posts written, or the paths of the content pages
 * the coach saved (issue 31); absent, anything may have.
 */
export type ContentChange = { posts: string[] } | { pages: string[] };

const POST_PAGE = [/^\/blog\/([^/]+)$/, /^\/api\/blog-posts\/([^/]+)$/];

/**
 * The post whose own page a key is (the HTML page, its RSC payload or the API's read of it), or
 * undefined for every other page: those show several posts, or none, and any change clears them.
 */
export function postOfKey(key: string): string | undefined {
  const page = pathOfKey(key);
  for (const pattern of POST_PAGE) {
    const slug = pattern.exec(page)?.[1];
    if (slug === undefined) continue;
    try {
      return decodeURIComponent(slug);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The path of the page a key renders (its HTML or its RSC payload), without the query. */
export function pathOfKey(key: string): string {
  const path = key.split('?', 1)[0]!;
  return rscPagePath(path) ?? path;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The body gzip-compressed, made on the first request that accepts it (cached-response.ts). */
  gzip?: Uint8Array<ArrayBuffer>;
  /** A list's shared "past the last page" 404: it answers every page number from this one on. */
  fromPage?: number;
}

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  // Every change takes the next number. A ticket is the number when a render started; what a
  // page shows was last changed at `everything` (any change), or at `posts.get(slug)` for a
  // post's own page, and a render is stored only if that is not later than its ticket.
  private changes = 0;
  private everything = 0;
  private fullClears = 0;
  private posts = new Map<string, number>();
  // When each content page (its path) was last saved on its own.
  private pages = new Map<string, number>();
  private maxBytes: number | undefined;

  /** `maxBytes` defaults to PAGE_CACHE_MB (32 MiB), read on first store: 0 stores nothing. */
  constructor(maxBytes?: number) {
    this.maxBytes = maxBytes;
  }

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      // Most recently used last: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  /** A ticket for a render about to start; `store` after a change to what it shows does nothing. */
  ticket(): number {
    return this.changes;
  }

  /** Whether what `key` shows has changed since `ticket` was taken. */
  changedSince(key: string, ticket: number): boolean {
    const post = postOfKey(key);
    const changedAt =
      post === undefined
        ? Math.max(this.everything, this.pages.get(pathOfKey(key)) ?? 0)
        : Math.max(this.fullClears, this.posts.get(post) ?? 0);
    return changedAt > ticket;
  }

  store(key: string, page: CachedPage, ticket: number): void {
    this.maxBytes ??= env().PAGE_CACHE_MB * 1024 * 1024;
    if (this.changedSince(key, ticket) || page.body.byteLength > this.maxBytes / 8 || this.maxBytes === 0) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += page.body.byteLength;
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Forgets what `change` shows (everything when it is absent). */
  invalidate(change?: ContentChange): void {
    const at = ++this.changes;
    if (change && 'pages' in change) {
      // A content page is shown on its own path only: its entries go, nothing else.
      const paths = new Set(change.pages);
      for (const path of paths) this.pages.set(path, at);
      for (const key of [...this.entries.keys()]) if (paths.has(pathOfKey(key))) this.delete(key);
      return;
    }
    this.everything = at;
    if (!change) {
      this.fullClears = at;
      // Older post and page changes are covered by this one.
      this.posts.clear();
      this.pages.clear();
      this.entries.clear();
      this.bytes = 0;
      return;
    }
    const slugs = new Set(change.posts);
    for (const slug of slugs) this.posts.set(slug, at);
    for (const key of [...this.entries.keys()]) {
      const post = postOfKey(key);
      if (post === undefined || slugs.has(post)) this.delete(key);
    }
  }

  /** Forgets everything. */
  clear(): void {
    this.invalidate();
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string) {
    const page = this.entries.get(key);
    if (page) {
      this.bytes -= page.body.byteLength;
      this.entries.delete(key);
    }
  }
}

// One cache per process, shared by the bundled server and the start script's copy of this module.
const KEY = Symbol.for('coaching-site.page-cache');
export const pageCache: PageCache = ((globalThis as Record<symbol, PageCache | undefined>)[KEY] ??= new PageCache());
