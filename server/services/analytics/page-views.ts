import { TZDate } from '@date-fns/tz';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { format } from 'date-fns';
import { eq, lt } from 'drizzle-orm';
import { analyticsEvents, analyticsSalts } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { isDataError } from '#server/errors.ts';
import { isServedPath } from '../served-paths.ts';
import { currentSettings } from '../settings.ts';
import { browserOf, countryOf, deviceOf, referrerHost } from './classify.ts';

// Page views arrive by the thousand a second at peak: each is answered at once and kept in memory,
// then written in batches (one INSERT for many rows) every half second by a job in each instance.
// A crash loses at most that half second of counts, never a page's speed.

const BATCH_ROWS = 1_000;
/** A flood beyond this waits for the writer rather than growing memory: further views are not counted. */
const MAX_WAITING = 50_000;

type PageViewRow = typeof analyticsEvents.$inferInsert;

// On globalThis: the production bundle (which answers the beacons) carries its own copy of this
// module next to the start script's (whose job writes them); both must share one queue.
const QUEUE = Symbol.for('coaching-site.page-views');
const queue = ((globalThis as Record<symbol, PageViewQueue | undefined>)[QUEUE] ??= { waiting: [], arriving: new Set() });

interface PageViewQueue {
  waiting: PageViewRow[];
  /** Views answered but not yet queued (their day's salt on its way). */
  arriving: Set<Promise<void>>;
}

/**
 * `YYYY-MM-DD` in the coach's time zone (Settings): the day a view is counted on, and its salt's, so
 * the admin's days are the coach's days, as every other date there (issue 32 §1).
 */
export async function analyticsDay(now = new Date()): Promise<string> {
  const { timeZone } = await currentSettings();
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

let cachedSalt: { day: string; salt: Promise<string> } | undefined;

/** The day's salt, the same on every instance (the first to ask makes it). */
export function saltOf(day: string): Promise<string> {
  if (cachedSalt?.day !== day) {
    const salt = loadSalt(day);
    cachedSalt = { day, salt };
    salt.catch(() => {
      if (cachedSalt?.salt === salt) cachedSalt = undefined;
    });
  }
  return cachedSalt.salt;
}

async function loadSalt(day: string): Promise<string> {
  const db = await database();
  const fresh = encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(32)));
  await db.insert(analyticsSalts).values({ day, salt: fresh }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day));
  return row!.salt;
}

/** Only today's salt is kept: yesterday's visitors can never be matched with today's. */
export async function deleteOldSalts(now = new Date()): Promise<number> {
  const db = await database();
  const rows = await db
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, await analyticsDay(now)))
    .returning({ day: analyticsSalts.day });
  return rows.length;
}

export const visitorHash = (salt: string, ip: string, userAgent: string, site: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(`${salt}\n${ip}\n${userAgent}\n${site}`)));

export interface PageView {
  path: string;
  referrer?: string;
  utmSource?: string | null;
  timeZone?: string;
  ip: string;
  userAgent: string;
  /** The site's host: part of the hash, and what makes a referrer internal. */
  siteHost: string;
}

/** Views counted per visitor (hash) in a minute: a person reading fast stays far below it (issue 33 §4). */
export const VIEWS_PER_VISITOR_PER_MINUTE = 30;
/** Visitors followed in one minute; past it, views of visitors not yet seen that minute are not counted. */
const MAX_VISITORS_PER_MINUTE = 100_000;

// This instance's views per visitor in the current minute, on globalThis like the queue. Kept
// in memory, not in the rate-limit table: a query per beacon would cost the endpoint its speed.
// With several instances a visitor may be counted up to the cap on each.
const RECENT = Symbol.for('coaching-site.page-views-per-visitor');
const recent = ((globalThis as Record<symbol, { minute: number; views: Map<string, number> } | undefined>)[RECENT] ??= {
  minute: 0,
  views: new Map(),
});

/** Takes one of the visitor's views this minute; false when the minute's allowance is spent. */
function withinVisitorCap(visitor: string, now: Date): boolean {
  const minute = Math.floor(now.getTime() / 60_000);
  if (recent.minute !== minute) {
    recent.minute = minute;
    recent.views.clear();
  }
  const seen = recent.views.get(visitor) ?? 0;
  if (seen >= VIEWS_PER_VISITOR_PER_MINUTE) return false;
  if (seen === 0 && recent.views.size >= MAX_VISITORS_PER_MINUTE) return false;
  recent.views.set(visitor, seen + 1);
  return true;
}

/**
 * Counts one view (written with the next batch); the IP address itself is never kept. Counted
 * only for a page the site serves (server/services/served-paths.ts: an invented path never
 * reaches the report) and within the visitor's allowance per minute. Never fails: with the
 * database away (no salt to be had) the view is not counted.
 */
export async function recordPageView(view: PageView, now = new Date()): Promise<void> {
  if (queue.waiting.length >= MAX_WAITING) return;
  if (!(await isServedPath(view.path).catch(() => false))) return;
  const day = await analyticsDay(now).catch(() => null);
  const salt = day === null ? null : await saltOf(day).catch(() => null);
  if (day === null || salt === null) return;
  const visitor = visitorHash(salt, view.ip, view.userAgent, view.siteHost);
  if (!withinVisitorCap(visitor, now)) return;
  queue.waiting.push({
    day,
    path: view.path,
    referrer: referrerHost(view.referrer, view.siteHost),
    utmSource: view.utmSource || null,
    device: deviceOf(view.userAgent),
    browser: browserOf(view.userAgent),
    country: countryOf(view.timeZone),
    visitor,
  });
}

/** Counts a view without waiting for it: the beacon is answered at once. */
export function countPageView(view: PageView): void {
  const arriving = recordPageView(view);
  queue.arriving.add(arriving);
  void arriving.finally(() => queue.arriving.delete(arriving));
}

let writing: Promise<number> = Promise.resolve(0);

/** Writes the waiting views; a failed write keeps them for the next try. Returns how many were written. */
export function writePageViews(): Promise<number> {
  writing = writing
    .catch(() => 0)
    .then(async () => {
      await Promise.all(queue.arriving);
      if (queue.waiting.length === 0) return 0;
      const batch = queue.waiting;
      queue.waiting = [];
      try {
        const db = await database();
        // One transaction: a batch cut short is written whole at the next try, never twice in part.
        await db.transaction(async (tx) => {
          for (let i = 0; i < batch.length; i += BATCH_ROWS) await tx.insert(analyticsEvents).values(batch.slice(i, i + BATCH_ROWS));
        });
        return batch.length;
      } catch (error) {
        // A database away: the batch waits for the next try. A batch the database refuses (a data
        // error, class 22 or 23) would be refused forever: it is dropped, and the failure logged.
        if (!isDataError(error)) {
          queue.waiting = [...batch, ...queue.waiting].slice(0, MAX_WAITING);
        }
        throw error;
      }
    });
  return writing;
}
