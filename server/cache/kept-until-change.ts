import { cacheIsCurrent } from './content-events.ts';
import { pageCache } from './page-cache.ts';

/**
 * Values read from the database that public pages show (how many posts a list holds), kept until
 * the next content change, with the page cache's guarantee: a value is kept only under the
 * generation it was read in (a read that raced a change is dropped by the change's clear), and is
 * used only once every change notified by another instance has been heard of (cacheIsCurrent), as a
 * cached page is. So a render never combines fresh rows with a count from before a change.
 */
export function keptUntilChange<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  let generation = pageCache.ticket();
  const values = new Map<string, Promise<T>>();
  return async (key) => {
    const ticket = pageCache.ticket();
    if (ticket !== generation) {
      values.clear();
      generation = ticket;
    }
    const kept = values.get(key);
    if (kept && (await cacheIsCurrent()) && pageCache.ticket() === ticket) return kept;
    const value = read(key);
    // Shared with concurrent renders of the same generation; a failed read is not kept.
    if (pageCache.ticket() === ticket) values.set(key, value);
    value.catch(() => {
      if (values.get(key) === value) values.delete(key);
    });
    return value;
  };
}
