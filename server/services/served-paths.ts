import { keptUntilChange } from '../cache/kept-until-change.ts';
import { PUBLIC_PAGES } from '../feeds/sitemap.ts';
import { listPublishedPostLinks } from './posts/published.ts';
import { listedSessionTypes } from './session-types.ts';
import { currentSettings } from './settings.ts';

// The public pages the site serves, as its sitemap lists them: the fixed pages, /book and each
// listed session type's page while booking is on, and every published post.

/** The public pages a sitemap lists besides the posts: the fixed ones, and those switched on (booking, and each listed session's page). */
export async function publicPages(): Promise<string[]> {
  const { bookingEnabled } = await currentSettings();
  if (!bookingEnabled) return PUBLIC_PAGES;
  const listed = await listedSessionTypes();
  // With one listed session, /book is its page.
  const sessions = listed.length > 1 ? listed.map((type) => `/book/${type.slug}`) : [];
  return [...PUBLIC_PAGES, '/book', ...sessions];
}

// One set for the whole site, read again after each content change (a post published or
// unpublished, a session type listed, booking switched): never one entry per path asked about,
// so invented paths neither grow memory nor cost a query each.
const keptServedPaths = keptUntilChange(async () => {
  const [pages, posts] = await Promise.all([publicPages(), listPublishedPostLinks()]);
  return new Set([...pages, ...posts.map((post) => `/blog/${post.slug}`)]);
});

/** Whether `path` (no query) is a public page the site serves today. */
export async function isServedPath(path: string): Promise<boolean> {
  return (await keptServedPaths('')).has(path);
}
