import { asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { bookings, callFeed, sessionTypes } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import { siteConfig } from '#src/config/site.ts';
import { recordAudit } from '../audit.ts';
import { calendarFile } from '../booking/ics.ts';
import { mailBrand } from '../settings.ts';
import { idOfSignedToken, signedIdTokens } from '../signed-ids.ts';
import { sessionTitle, storedEvent } from './booking-event.ts';

// A private feed of calls (issue 34 §5) for a coach who subscribes from any calendar app: its
// address carries the current generation signed, so nothing secret is stored, it can be shown
// again, and replacing it (the next generation) revokes the old one on every instance at once.

const PURPOSE = 'call-feed';
export const FEED_NOT_FOUND = 'This calendar feed does not exist';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Recent calls stay in the feed this long, so a calendar shows the last weeks too. */
const RECENT_DAYS = 30;

async function feedRow() {
  const db = await database();
  await db.insert(callFeed).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db.select().from(callFeed).where(eq(callFeed.id, 1));
  return row!;
}

/** The feed's address and whether it names visitors. */
export async function callFeedSettings(): Promise<{ url: string; showsNames: boolean }> {
  const row = await feedRow();
  return {
    url: `${siteConfig().url}/api/calendar-feed/${(await signedIdTokens(PURPOSE))(row.generation)}.ics`,
    showsNames: row.showsNames,
  };
}

export async function setFeedShowsNames(showsNames: boolean): Promise<void> {
  await feedRow();
  await (await database()).update(callFeed).set({ showsNames }).where(eq(callFeed.id, 1));
}

/** A new address for the feed; the old one answers 404 from now on. */
export async function rotateCallFeed(): Promise<void> {
  await feedRow();
  await (await database()).transaction(async (tx) => {
    await tx
      .update(callFeed)
      .set({ generation: sql`${callFeed.generation} + 1` })
      .where(eq(callFeed.id, 1));
    await recordAudit(tx, { action: 'calendar.feed_rotated' });
  });
}

/** The feed's text for a token of the current generation: calls from 30 days back on, cancelled ones marked so. */
export async function callFeedText(token: string, now = new Date()): Promise<string> {
  const row = await feedRow();
  const generation = await idOfSignedToken(PURPOSE, token.replace(/\.ics$/, ''));
  if (generation === null || generation !== row.generation) throw notFound(FEED_NOT_FOUND);
  const db = await database();
  const calls = await db
    .select()
    .from(bookings)
    .where(gt(bookings.endsAt, new Date(now.getTime() - RECENT_DAYS * DAY_MS)))
    .orderBy(asc(bookings.startsAt));
  const typeIds = [...new Set(calls.map((call) => call.sessionTypeId))];
  const types = typeIds.length
    ? await db
        .select({ id: sessionTypes.id, intro: sessionTypes.intro, name: sessionTypes.name })
        .from(sessionTypes)
        .where(inArray(sessionTypes.id, typeIds))
    : [];
  const titles = new Map(types.map((type) => [type.id, sessionTitle(type)]));
  return calendarFile(
    calls.map((call) => storedEvent(call, titles.get(call.sessionTypeId) ?? 'Session', row.showsNames)),
    `${(await mailBrand()).name}: sessions`,
  );
}
