import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, clients, sessionTypes } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { conflict, forbidden, notFound } from '#server/errors.ts';
import { ValidationError } from '#server/validation.ts';
import { siteConfig } from '#src/config/site.ts';
import type { Availability } from '#src/schemas/booking.ts';
import {
  type BookedSeries,
  SERIES_INTRO_MESSAGE,
  type SeriesInput,
  type SeriesOccurrence,
  type SeriesPreview,
} from '#src/schemas/booking-series.ts';
import { CLIENT_NOT_FOUND } from '#src/schemas/client.ts';
import { SESSION_TYPE_NOT_FOUND, type StoredSessionType } from '#src/schemas/session-type.ts';
import { busyTimesBetween } from '../calendars/busy-times.ts';
import { heldRanges } from '../payments/held-ranges.ts';
import { coveringCredits, takeCredit } from '../practice/credits.ts';
import { sessionTypeOf } from '../session-types.ts';
import { readAvailability, storedAvailability } from './availability.ts';
import { CREDIT_NEEDED_MESSAGE, rulesOf, typeCapOf } from './bookable.ts';
import { placeColumns } from './call-place.ts';
import { claimingSlot, lockBookingWrites, mailContext, queueConfirmations, reminderSkipped, sessionName } from './calls.ts';
import { expandSeries, judgeSeries } from './series-dates.ts';

// Recurring sessions (issue 35 §5): the coach books a client into a series from the client's page.
// The preview and the save judge the same dates by the same rules (series-dates.ts judgeSeries):
// the coach's weekly hours and days off, the type's buffer around other confirmed bookings, the
// daily caps, not in the past, and a credit for each when the type is only for clients holding
// one. The minimum notice and the booking window are visitors' rules and do not bind the coach.
// The save re-judges under the booking-writes lock and the lock of the client's packages, so a
// booking or a credit taken since the preview cannot be double-booked or double-spent; any
// conflict refuses the whole series and nothing is written.
//
// Invitations: one per occurrence (its own booking, UID, manage link and .ics METHOD:REQUEST), not
// one RRULE event. Each occurrence can be moved or cancelled on its own through its manage link,
// and its credit returned or forfeited on its own; with one UID per occurrence every later change
// is a plain update or cancel of that one event, which every calendar client handles the same way,
// where changing one instance of an RRULE needs RECURRENCE-ID overrides that clients apply unevenly.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The client being booked; 404 when there is none. */
async function clientOf(db: Database, id: number) {
  const [client] = await db
    .select({ id: clients.id, name: clients.name, email: clients.email, timeZone: clients.timeZone })
    .from(clients)
    .where(eq(clients.id, id));
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  return client;
}

/** The type a series books: any but the free intro call (a 400 naming the field otherwise). */
async function seriesType(db: Database, id: number): Promise<StoredSessionType> {
  const [row] = await db.select().from(sessionTypes).where(eq(sessionTypes.id, id));
  if (!row) throw new ValidationError(SESSION_TYPE_NOT_FOUND, 'sessionTypeId');
  if (row.intro) throw new ValidationError(SERIES_INTRO_MESSAGE, 'sessionTypeId');
  return sessionTypeOf(row);
}

/** Everything a series is judged against, read through `db` (the save's transaction, under its locks). */
async function planSeries(db: Database, clientId: number, input: SeriesInput, availability: Availability, now: Date, lock: boolean) {
  const client = await clientOf(db, clientId);
  const type = await seriesType(db, input.sessionTypeId);
  const rules = rulesOf(type, availability);
  const dates = expandSeries(input, rules.timeZone);
  const first = dates[0]!.start.getTime();
  const last = dates.at(-1)!.start.getTime();
  // One query at a time: a transaction holds one connection.
  const booked = await db
    .select({ start: bookings.startsAt, end: bookings.endsAt, sessionTypeId: bookings.sessionTypeId })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        lt(bookings.startsAt, new Date(last + 2 * DAY_MS)),
        gt(bookings.endsAt, new Date(first - 2 * DAY_MS)),
      ),
    );
  // A time a visitor is paying for at Stripe counts as booked (issue 37).
  booked.push(...(await heldRanges(db, now)));
  const busy = await busyTimesBetween(db, new Date(first - DAY_MS), new Date(last + 2 * DAY_MS));
  const creditsLeft = await coveringCredits(db, client.id, type.id, now, { lock });
  const creditRequired = type.access === 'clients';
  const occurrences = judgeSeries(dates, { rules, typeCap: typeCapOf(type), booked, busy, creditsLeft, creditRequired, now });
  return { client, type, rules, occurrences, creditsLeft, creditRequired };
}

/** Each occurrence of the series the coach asks for, with what would stop it; nothing is written. */
export async function previewSeries(clientId: number, input: SeriesInput, now = new Date()): Promise<SeriesPreview> {
  const availability = await readAvailability();
  const plan = await planSeries(await database(), clientId, input, availability, now, false);
  return {
    session: sessionName(plan.type),
    timeZone: plan.rules.timeZone,
    callMinutes: plan.rules.callMinutes,
    creditsLeft: plan.creditsLeft,
    creditRequired: plan.creditRequired,
    occurrences: plan.occurrences,
  };
}

const dayName = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The 409 of a refused series: every date that cannot be booked, and why. */
export function seriesRefusal(occurrences: SeriesOccurrence[]): string {
  const refused = occurrences.filter((occurrence) => occurrence.conflicts.length > 0);
  const lines = refused.map(
    ({ date, time, conflicts }) => `${dayName.format(new Date(`${date}T00:00:00Z`))} at ${time}: ${conflicts.join(', ')}`,
  );
  const some = refused.length === 1 ? '1 date' : `${refused.length} dates`;
  return `Nothing was booked: ${some} of ${occurrences.length} cannot be booked. ${lines.join('; ')}.`;
}

/**
 * Books every occurrence in one transaction, sharing a new series id: each takes a credit when the
 * client holds a covering package, and queues its own confirmation with its own invitation (and
 * the coach's notice). Refuses the whole series (409, listing the dates) if any occurrence conflicts.
 */
export async function bookSeries(clientId: number, input: SeriesInput, now = new Date()): Promise<BookedSeries> {
  const db = await database();
  // Read before the transaction: PGlite has one connection.
  const ctx = await mailContext();
  const host = new URL(siteConfig().url).hostname;
  const seriesId = crypto.randomUUID();
  return claimingSlot(() =>
    db.transaction(async (tx) => {
      await lockBookingWrites(tx);
      const availability = (await storedAvailability(tx)) ?? ctx.availability;
      const plan = await planSeries(tx, clientId, input, availability, now, true);
      if (plan.occurrences.some((occurrence) => occurrence.conflicts.length > 0)) throw conflict(seriesRefusal(plan.occurrences));
      const made: BookedSeries['bookings'] = [];
      for (const occurrence of plan.occurrences) {
        const start = new Date(occurrence.start);
        const [row] = await tx
          .insert(bookings)
          .values({
            uid: `booking-${crypto.randomUUID()}@${host}`,
            sessionTypeId: plan.type.id,
            clientId: plan.client.id,
            seriesId,
            startsAt: start,
            endsAt: new Date(occurrence.end),
            name: plan.client.name,
            email: plan.client.email,
            topic: null,
            answers: [],
            timeZone: plan.client.timeZone ?? plan.rules.timeZone,
            ...placeColumns(plan.rules.location),
            remindedAt: reminderSkipped(start, now),
          })
          .returning();
        const credit = await takeCredit(tx, plan.client.id, plan.type.id, row!.id, now);
        // Counted under the same lock of the client's packages: only a bug could get here.
        if (plan.creditRequired && !credit) throw forbidden(CREDIT_NEEDED_MESSAGE);
        await queueConfirmations(tx, ctx, row!, 'booked');
        made.push({ id: row!.id, start: occurrence.start, end: occurrence.end, usedCredit: credit !== null });
      }
      return { seriesId, bookings: made };
    }),
  );
}
