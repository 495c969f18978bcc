import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Booking, bookings } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { badRequest, conflict, notFound } from '#server/errors.ts';
import {
  type CallDetails,
  callBookedNotice,
  callCancelledEmail,
  callConfirmedEmail,
  callPlaceChangedEmail,
  callPlaceChangedNotice,
} from '#server/mail/booking-templates.ts';
import type { Brand } from '#server/mail/layout.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { mailSettings } from '#server/mail/settings.ts';
import { siteConfig } from '#src/config/site.ts';
import {
  type Availability,
  type CallLocation,
  callPlaceText,
  type ManagedBooking,
  placeBeforeBooking,
  type SlotsResponse,
} from '#src/schemas/booking.ts';
import type { SiteSettings } from '#src/schemas/settings.ts';
import { coachAddress } from '../coach-address.ts';
import { introSessionTypeId } from '../session-types.ts';
import { mailBrand, readSettings } from '../settings.ts';
import { idOfSignedToken, signedIdTokens } from '../signed-ids.ts';
import { readAvailability, storedAvailability } from './availability.ts';
import { placeColumns, placeOf } from './call-place.ts';
import { calendarInvite } from './ics.ts';
import { dayIn, freeSlots, isFreeSlot, type TimeRange } from './slots.ts';

// A call's life: booked by a visitor, moved or cancelled through the signed link in their email,
// or cancelled by the coach. Every change and its emails (each with an .ics for the same UID) are
// one transaction. Two confirmed calls never overlap: the database's exclusion constraint refuses
// the second of two racing writes, whatever the checks before it saw.

export const BOOKING_OFF_MESSAGE = 'Booking is not available';
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked by someone else. Please choose another time.';
export const SLOT_UNAVAILABLE_MESSAGE = 'That time is not available to book. Please choose one of the times shown.';
export const BAD_LINK_MESSAGE = 'This booking link is not valid';
export const CALL_PAST_MESSAGE = 'This call has already taken place';
export const CALL_CANCELLED_MESSAGE = 'This call has already been cancelled';

const MANAGE = 'booking-manage';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The slot went to another writer: the exclusion constraint refused this one (23P01), or two
 * inserts met inside it at one instant and Postgres aborted this one as a deadlock (40P01; app
 * writes take turns, so only a write from outside the app can still meet one).
 */
const lostTheSlot = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ('code' in error ? error.code === '23P01' || error.code === '40P01' : lostTheSlot((error as Error).cause));

/**
 * Whether visitors can book: the coach's switch, off on a fresh site. The one rule for the API
 * (below, on the stored settings) and the pages (/book, the about page's button, on the settings
 * they render from).
 */
export const bookingIsOn = (settings: Pick<SiteSettings, 'bookingEnabled'>): boolean => settings.bookingEnabled;

/** Refuses with 404 while the coach has booking switched off. */
export async function assertBookingOn(): Promise<void> {
  if (!bookingIsOn(await readSettings())) throw notFound(BOOKING_OFF_MESSAGE);
}

/** Confirmed calls that may touch the bookable window (for slot generation), except one being moved. */
export async function bookedRanges(now: Date, exceptId?: number): Promise<TimeRange[]> {
  const db = await database();
  return db
    .select({ start: bookings.startsAt, end: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.endsAt, new Date(now.getTime() - DAY_MS)),
        exceptId ? ne(bookings.id, exceptId) : undefined,
      ),
    );
}

/** What /book offers now (404 while booking is off). */
export async function openSlots(now = new Date()): Promise<SlotsResponse> {
  await assertBookingOn();
  const [availability, booked] = await Promise.all([readAvailability(), bookedRanges(now)]);
  return {
    callMinutes: availability.callMinutes,
    coachTimeZone: availability.timeZone,
    place: placeBeforeBooking(availability.location),
    slots: freeSlots(availability, booked, now).map((slot) => ({ start: slot.start.toISOString(), end: slot.end.toISOString() })),
  };
}

/** 400 for a time never offered, 409 for one offered but just taken (or its day now full). */
async function assertFree(availability: Availability, start: Date, now: Date, exceptId?: number): Promise<void> {
  if (isFreeSlot(availability, await bookedRanges(now, exceptId), now, start)) return;
  throw isFreeSlot(availability, [], now, start) ? conflict(SLOT_TAKEN_MESSAGE) : badRequest(SLOT_UNAVAILABLE_MESSAGE);
}

/** Waits for this transaction's turn among the writes of bookings (takeTurn, and the coach moving calls to a new place). */
export async function lockBookingWrites(tx: Database): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('booking-writes'))`);
}

/**
 * Booking writes take turns: the coach gets a few a day, and one lock for all of them means two
 * racing inserts never meet inside the exclusion constraint (where Postgres may break their tie as
 * a deadlock, a 500) and a daily cap's count cannot be passed by two calls filling its last place.
 * The constraint still refuses any overlap whatever wrote it.
 */
async function takeTurn(tx: Database, availability: Availability, start: Date, exceptId?: number): Promise<void> {
  await lockBookingWrites(tx);
  if (availability.dailyCap === null) return;
  const day = dayIn(start, availability.timeZone);
  const sameDay = await tx
    .select({ start: bookings.startsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.startsAt, new Date(start.getTime() - 2 * DAY_MS)),
        lt(bookings.startsAt, new Date(start.getTime() + 2 * DAY_MS)),
        exceptId ? ne(bookings.id, exceptId) : undefined,
      ),
    );
  if (sameDay.filter((row) => dayIn(row.start, availability.timeZone) === day).length >= availability.dailyCap)
    throw conflict(SLOT_TAKEN_MESSAGE);
}

/** Runs a write that may hit the exclusion constraint: a lost race is the visitor's 409, not a 500. */
async function claimingSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (lostTheSlot(error)) throw conflict(SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

/** Everything a change's emails need, read before its transaction (PGlite has one connection). */
export async function mailContext() {
  const [brand, availability, manageToken] = await Promise.all([mailBrand(), readAvailability(), signedIdTokens(MANAGE)]);
  return { brand, availability, manageUrl: (id: number) => `${brand.url}/book/manage?token=${manageToken(id)}` };
}
export type MailContext = Awaited<ReturnType<typeof mailContext>>;

export const callOf = (row: Booking, availability: Availability): CallDetails => ({
  start: row.startsAt,
  name: row.name,
  email: row.email,
  topic: row.topic,
  callMinutes: availability.callMinutes,
  place: placeOf(row),
});

function invite(brand: Brand, row: Booking, organizer: string, method: 'REQUEST' | 'CANCEL') {
  const place = placeOf(row);
  const videoLink = place?.kind === 'video' ? place.url : null;
  const content = calendarInvite({
    uid: row.uid,
    sequence: row.sequence,
    method,
    start: row.startsAt,
    end: row.endsAt,
    stamp: new Date(),
    summary: `Intro call: ${row.name} and ${brand.name}`,
    description: row.topic ? `Topic: ${row.topic}` : 'Intro call',
    // A video call's link is where it happens and what a calendar opens; an address is what a map
    // finds; a phone number is said in words.
    url: videoLink ?? `${brand.url}/book`,
    location: videoLink ?? (place?.kind === 'address' ? place.address : place ? callPlaceText(place) : undefined),
    organizer: { name: brand.name, email: organizer },
    attendees: [{ name: row.name, email: row.email }],
  });
  return { method, content };
}

/** The coach's address, else the address the site sends from: an invitation always has an organizer. */
async function organizerOf(tx: Database, brand: Brand) {
  const coach = await coachAddress(tx, brand);
  return { coach, organizer: coach ?? mailSettings().from.address };
}

/** Why a call's invitation (METHOD:REQUEST) is sent: booked, moved to another time, or to another place. */
type InvitationCause = 'booked' | 'moved' | 'place';

/** The invitation emails of a booking, a move or a new place: the visitor's with their link, and the coach's. */
async function queueConfirmations(tx: Database, ctx: MailContext, row: Booking, cause: InvitationCause): Promise<void> {
  const { coach, organizer } = await organizerOf(tx, ctx.brand);
  const calendar = invite(ctx.brand, row, organizer, 'REQUEST');
  const call = callOf(row, ctx.availability);
  const manageUrl = ctx.manageUrl(row.id);
  const moved = cause === 'moved';
  await enqueueEmail(tx, {
    kind: cause === 'place' ? 'booking_place_changed' : moved ? 'booking_moved' : 'booking_confirmation',
    to: row.email,
    calendar,
    ...(cause === 'place'
      ? callPlaceChangedEmail(ctx.brand, call, row.timeZone, manageUrl)
      : callConfirmedEmail(ctx.brand, call, row.timeZone, manageUrl, moved)),
  });
  if (coach) {
    await enqueueEmail(tx, {
      kind: cause === 'place' ? 'booking_place_changed_notice' : moved ? 'booking_moved_notice' : 'booking_notice',
      to: coach,
      headers: { 'Reply-To': `"${row.name.replace(/["\\]/g, '')}" <${row.email}>` },
      calendar,
      ...(cause === 'place'
        ? callPlaceChangedNotice(ctx.brand, call, ctx.availability.timeZone)
        : callBookedNotice(ctx.brand, call, ctx.availability.timeZone, moved)),
    });
  }
}

/**
 * The coach changed where calls happen: every call still ahead and confirmed takes the new place
 * (a new room each, for rooms per call), SEQUENCE + 1, and both invitations again, in the caller's
 * transaction (which holds lockBookingWrites, so no booking slips in with the old place). Past and
 * cancelled calls keep the place they had. Returns how many calls it moved.
 */
export async function movePlaceOfUpcomingCalls(tx: Database, ctx: MailContext, location: CallLocation, now: Date): Promise<number> {
  const upcoming = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.status, 'confirmed'), gt(bookings.startsAt, now)))
    .for('update');
  for (const { id } of upcoming) {
    const [row] = await tx
      .update(bookings)
      .set({ ...placeColumns(location), sequence: sql`${bookings.sequence} + 1` })
      .where(eq(bookings.id, id))
      .returning();
    await queueConfirmations(tx, ctx, row!, 'place');
  }
  return upcoming.length;
}

async function queueCancellations(tx: Database, ctx: MailContext, row: Booking, by: 'visitor' | 'coach', note: string): Promise<void> {
  const { coach, organizer } = await organizerOf(tx, ctx.brand);
  const calendar = invite(ctx.brand, row, organizer, 'CANCEL');
  const call = callOf(row, ctx.availability);
  await enqueueEmail(tx, {
    kind: 'booking_cancelled',
    to: row.email,
    calendar,
    ...callCancelledEmail(ctx.brand, call, { timeZone: row.timeZone, isCoach: false }, by, note),
  });
  if (coach) {
    await enqueueEmail(tx, {
      kind: 'booking_cancelled_notice',
      to: coach,
      calendar,
      ...callCancelledEmail(ctx.brand, call, { timeZone: ctx.availability.timeZone, isCoach: true }, by, note),
    });
  }
}

/** A reminder is due a day before; a call booked closer than that has its reminder marked done. */
const reminderSkipped = (start: Date, now: Date) => (start.getTime() - now.getTime() <= DAY_MS ? now : null);

export interface NewBooking {
  start: string;
  name: string;
  email: string;
  topic: string;
  timeZone: string;
}

/** A visitor takes a slot; the emails go out with it. */
export async function createBooking(input: NewBooking, now = new Date()): Promise<Booking> {
  await assertBookingOn();
  const start = new Date(input.start);
  const ctx = await mailContext();
  await assertFree(ctx.availability, start, now);
  const db = await database();
  const host = new URL(siteConfig().url).hostname;
  return claimingSlot(() =>
    db.transaction(async (tx) => {
      await takeTurn(tx, ctx.availability, start);
      // Read again under the lock: a place the coach saved since ctx was read is this call's too.
      const location = (await storedAvailability(tx))?.location ?? ctx.availability.location;
      const [row] = await tx
        .insert(bookings)
        .values({
          uid: `booking-${crypto.randomUUID()}@${host}`,
          sessionTypeId: await introSessionTypeId(tx),
          startsAt: start,
          endsAt: new Date(start.getTime() + ctx.availability.callMinutes * 60_000),
          name: input.name,
          email: input.email,
          topic: input.topic || null,
          timeZone: input.timeZone,
          ...placeColumns(location),
          remindedAt: reminderSkipped(start, now),
        })
        .returning();
      await queueConfirmations(tx, ctx, row!, 'booked');
      return row!;
    }),
  );
}

/** The booking a manage link was made for, still ahead and confirmed, or the reason it cannot change. */
async function changeableBooking(token: string, now: Date): Promise<Booking> {
  const row = await bookingOfToken(token);
  if (row.status === 'cancelled') throw conflict(CALL_CANCELLED_MESSAGE);
  if (row.startsAt <= now) throw conflict(CALL_PAST_MESSAGE);
  return row;
}

/** A booking as its visitor's manage page shows it. */
export const managed = (row: Booking): ManagedBooking => ({
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  name: row.name,
  status: row.status,
  timeZone: row.timeZone,
  place: placeOf(row),
});

/** The booking of a manage link; 404 for a link that was not made here. */
export async function bookingOfToken(token: string): Promise<Booking> {
  const id = await idOfSignedToken(MANAGE, token);
  const row = id === null ? undefined : (await (await database()).select().from(bookings).where(eq(bookings.id, id)))[0];
  if (!row) throw notFound(BAD_LINK_MESSAGE);
  return row;
}

/** The visitor moves their call to another free slot: the same event, SEQUENCE + 1. */
export async function rescheduleBooking(token: string, startIso: string, now = new Date()): Promise<Booking> {
  await assertBookingOn();
  const current = await changeableBooking(token, now);
  const start = new Date(startIso);
  const ctx = await mailContext();
  await assertFree(ctx.availability, start, now, current.id);
  const db = await database();
  return claimingSlot(() =>
    db.transaction(async (tx) => {
      await takeTurn(tx, ctx.availability, start, current.id);
      const [row] = await tx
        .update(bookings)
        .set({
          startsAt: start,
          endsAt: new Date(start.getTime() + ctx.availability.callMinutes * 60_000),
          sequence: sql`${bookings.sequence} + 1`,
          remindedAt: reminderSkipped(start, now),
        })
        .where(and(eq(bookings.id, current.id), eq(bookings.status, 'confirmed')))
        .returning();
      if (!row) throw conflict(CALL_CANCELLED_MESSAGE);
      await queueConfirmations(tx, ctx, row, 'moved');
      return row;
    }),
  );
}

async function cancel(where: { id: number }, by: 'visitor' | 'coach', note: string, now: Date): Promise<Booking> {
  const ctx = await mailContext();
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: by, cancelledAt: now })
      .where(and(eq(bookings.id, where.id), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, now)))
      .returning();
    if (!row) throw conflict(CALL_CANCELLED_MESSAGE);
    await queueCancellations(tx, ctx, row, by, note);
    return row;
  });
}

/** The visitor cancels through their link; both get a METHOD:CANCEL for the same UID. */
export async function cancelBookingByVisitor(token: string, now = new Date()): Promise<Booking> {
  const row = await changeableBooking(token, now);
  return cancel(row, 'visitor', '', now);
}

/** The coach cancels a call from the admin, with a message to the visitor. */
export async function cancelBookingByCoach(id: number, message: string, now = new Date()): Promise<Booking> {
  const [row] = await (await database()).select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw notFound('Booking not found');
  if (row.status === 'cancelled') throw conflict(CALL_CANCELLED_MESSAGE);
  if (row.startsAt <= now) throw conflict(CALL_PAST_MESSAGE);
  return cancel(row, 'coach', message, now);
}
