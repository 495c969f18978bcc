// Rendered public pages (HTML and the RSC payloads of client navigation) kept in memory, keyed
// on the path and the query parameters its page reads (cache-key.ts): public pages are the same
// for every visitor (ASVS 14.2.2, docs/security.md). Any content change clears it on every
// instance (content-events.ts). A render that started before a clear is never stored, so a page
// rendered from old data cannot outlive the change.

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The body gzip-compressed, made on the first request that accepts it (cached-response.ts). */
  gzip?: Uint8Array<ArrayBuffer>;
  /** A list's shared "past the last page" 404: it answers every page number from this one on. */
  fromPage?: number;
}

const MAX_BYTES = 32 * 1024 * 1024;

export class PageCache {
  private entries = new Map<string, CachedPage>();
  private bytes = 0;
  private generation = 0;

  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (page) {
      // Most recently used last: eviction takes from the front.
      this.entries.delete(key);
      this.entries.set(key, page);
    }
    return page;
  }

  /** A ticket for a render about to start; `store` with an outdated ticket does nothing. */
  ticket(): number {
    return this.generation;
  }

  store(key: string, page: CachedPage, ticket: number): void {
    if (ticket !== this.generation || page.body.byteLength > MAX_BYTES / 8) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += page.body.byteLength;
    for (const [oldest] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
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
