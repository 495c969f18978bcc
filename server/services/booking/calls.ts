import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Booking, bookings, sessionTypes } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { badRequest, conflict, forbidden, notFound } from '#server/errors.ts';
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
import { storedAnswers } from '#src/schemas/intake-answers.ts';
import {
  freeUntil,
  lateCancelMessage,
  lateMoveMessage,
  lateUnrefundedMessage,
  noMoreMovesMessage,
  pastCutoff,
  reschedulesLeft,
} from '#src/schemas/session-rules.ts';
import type { StoredSessionType } from '#src/schemas/session-type.ts';
import type { SiteSettings } from '#src/schemas/settings.ts';
import { busyTimesBetween, busyTimesFrom } from '../calendars/busy-times.ts';
import { queueCalendarWrite } from '../calendars/write-back.ts';
import { coachAddress } from '../coach-address.ts';
import { cardPaymentOf, refundCancelledBooking } from '../payments/booking-payments.ts';
import { heldRanges } from '../payments/held-ranges.ts';
import { clientByEmail, clientForBooking } from '../practice/clients.ts';
import { creditOfBooking, forfeitCredit, returnCredit, returnCreditAnyway, takeCredit } from '../practice/credits.ts';
import { sessionTypeById } from '../session-types.ts';
import { mailBrand, readSettings } from '../settings.ts';
import { idOfSignedToken, signedIdTokens } from '../signed-ids.ts';
import { readAvailability, storedAvailability } from './availability.ts';
import { CREDIT_NEEDED_MESSAGE, checkedAnswers, rulesOf, type SessionTypeRef, typeCapOf, visibleSessionType } from './bookable.ts';
import { placeColumns, placeOf } from './call-place.ts';
import { calendarInvite } from './ics.ts';
import { type BookedRange, dayIn, freeSlots, isFreeSlot, type TypeCap } from './slots.ts';

// A call's life: booked by a visitor, moved or cancelled through the signed link in their email,
// or cancelled by the coach. Every change and its emails (each with an .ics for the same UID) are
// one transaction. Two confirmed calls never overlap: the database's exclusion constraint refuses
// the second of two racing writes, whatever the checks before it saw.

export const BOOKING_OFF_MESSAGE = 'Booking is not available';
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked by someone else. Please choose another time.';
export const SLOT_UNAVAILABLE_MESSAGE = 'That time is not available to book. Please choose one of the times shown.';
export const SLOT_BUSY_MESSAGE = 'Sorry, that time is no longer available. Please choose another time.';
export const BAD_LINK_MESSAGE = 'This booking link is not valid';
export const CALL_PAST_MESSAGE = 'This call has already taken place';
export const CALL_CANCELLED_MESSAGE = 'This call has already been cancelled';
export const BOOKING_NOT_FOUND = 'Booking not found';
export const NO_SHOW_TOO_EARLY = 'A session can be marked as a no-show once it has started';
export const NO_SHOW_ALREADY = 'This session is already marked as a no-show';
export const NO_CREDIT_TO_RETURN = 'This booking has no used credit to return';

const MANAGE = 'booking-manage';
/** The key of each booking's manage link (the emails', and the client portal's). */
export const manageTokens = () => signedIdTokens(MANAGE);
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

/**
 * Confirmed calls that may touch the bookable window (for slot generation), except one being moved,
 * and the times visitors are paying for at Stripe (issue 37), which nobody else may take meanwhile.
 */
export async function bookedRanges(now: Date, exceptId?: number, db?: Database): Promise<BookedRange[]> {
  const reader = db ?? (await database());
  const [booked, held] = await Promise.all([
    reader
      .select({ start: bookings.startsAt, end: bookings.endsAt, sessionTypeId: bookings.sessionTypeId })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          gt(bookings.endsAt, new Date(now.getTime() - DAY_MS)),
          exceptId ? ne(bookings.id, exceptId) : undefined,
        ),
      ),
    heldRanges(reader, now),
  ]);
  return [...booked, ...held];
}

/** What /book/{slug} offers now (/book's intro call without a slug; 404 while booking is off). */
export async function openSlots(ref: SessionTypeRef = {}, now = new Date()): Promise<SlotsResponse> {
  await assertBookingOn();
  return slotsOf(await visibleSessionType(await database(), ref), now);
}

/** Where the booking of a manage link can move to: its type's free slots. */
export async function slotsToMoveTo(token: string, now = new Date()): Promise<SlotsResponse> {
  await assertBookingOn();
  const row = await changeableBooking(token, now);
  return slotsOf(await sessionTypeById(await database(), row.sessionTypeId), now, row.id);
}

async function slotsOf(type: StoredSessionType, now: Date, exceptId?: number): Promise<SlotsResponse> {
  const db = await database();
  const [availability, booked, busy] = await Promise.all([readAvailability(), bookedRanges(now, exceptId), busyTimesFrom(db, now)]);
  const rules = rulesOf(type, availability);
  return {
    callMinutes: rules.callMinutes,
    coachTimeZone: rules.timeZone,
    place: placeBeforeBooking(rules.location),
    slots: freeSlots(rules, booked, now, typeCapOf(type), busy).map((slot) => ({
      start: slot.start.toISOString(),
      end: slot.end.toISOString(),
    })),
  };
}

/**
 * 400 for a time never offered, 409 for one offered but just taken (or its day now full), or
 * become busy in the coach's calendar since the page showed it.
 */
export async function assertFree(
  rules: Availability,
  typeCap: TypeCap | undefined,
  start: Date,
  now: Date,
  exceptId?: number,
): Promise<void> {
  const [booked, busy] = await Promise.all([bookedRanges(now, exceptId), busyTimesFrom(await database(), now)]);
  if (isFreeSlot(rules, booked, now, start, typeCap, busy)) return;
  if (isFreeSlot(rules, booked, now, start, typeCap)) throw conflict(SLOT_BUSY_MESSAGE);
  throw isFreeSlot(rules, [], now, start) ? conflict(SLOT_TAKEN_MESSAGE) : badRequest(SLOT_UNAVAILABLE_MESSAGE);
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
export async function takeTurn(
  tx: Database,
  rules: Availability,
  typeCap: TypeCap | undefined,
  start: Date,
  exceptId?: number,
  exceptHold?: number,
): Promise<void> {
  await lockBookingWrites(tx);
  // A calendar read since assertFree may have made the time busy.
  const buffer = rules.bufferMinutes * 60_000;
  const end = start.getTime() + rules.callMinutes * 60_000;
  if ((await busyTimesBetween(tx, new Date(start.getTime() - buffer), new Date(end + buffer))).length > 0)
    throw conflict(SLOT_BUSY_MESSAGE);
  // A time someone is paying for is theirs until their hold runs out (the constraint sees bookings only).
  const held = await heldRanges(tx, new Date(), exceptHold);
  if (held.some((range) => range.start.getTime() < end + buffer && range.end.getTime() > start.getTime() - buffer))
    throw conflict(SLOT_TAKEN_MESSAGE);
  if (rules.dailyCap === null && !typeCap) return;
  const day = dayIn(start, rules.timeZone);
  const sameDay = await tx
    .select({ start: bookings.startsAt, sessionTypeId: bookings.sessionTypeId })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.startsAt, new Date(start.getTime() - 2 * DAY_MS)),
        lt(bookings.startsAt, new Date(start.getTime() + 2 * DAY_MS)),
        exceptId ? ne(bookings.id, exceptId) : undefined,
      ),
    );
  const thatDay = sameDay.filter((row) => dayIn(row.start, rules.timeZone) === day);
  const ofType = thatDay.filter((row) => row.sessionTypeId === typeCap?.sessionTypeId);
  if ((rules.dailyCap !== null && thatDay.length >= rules.dailyCap) || (typeCap && ofType.length >= typeCap.dailyCap))
    throw conflict(SLOT_TAKEN_MESSAGE);
}

/** Runs a write that may hit the exclusion constraint: a lost race is the visitor's 409, not a 500. */
export async function claimingSlot<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (lostTheSlot(error)) throw conflict(SLOT_TAKEN_MESSAGE);
    throw error;
  }
}

/** Everything a change's emails need, read before its transaction (PGlite has one connection). */
export async function mailContext() {
  const [brand, availability, manageToken] = await Promise.all([mailBrand(), readAvailability(), manageTokens()]);
  return { brand, availability, manageUrl: (id: number) => `${brand.url}/book/manage?token=${manageToken(id)}` };
}
export type MailContext = Awaited<ReturnType<typeof mailContext>>;

/** How a sentence names what is booked: 'intro call' for the free intro call, else the type's name. */
export const sessionName = (type: Pick<StoredSessionType, 'intro' | 'name'>) => (type.intro ? 'intro call' : type.name);

/** A booking as its emails tell it: its session, its rules, and the credit it used with what is left. */
export async function callOf(db: Database, row: Booking): Promise<CallDetails> {
  const [type] = await db
    .select({
      intro: sessionTypes.intro,
      name: sessionTypes.name,
      cancelCutoffHours: sessionTypes.cancelCutoffHours,
      maxReschedules: sessionTypes.maxReschedules,
    })
    .from(sessionTypes)
    .where(eq(sessionTypes.id, row.sessionTypeId));
  return {
    session: sessionName(type!),
    rules: { cancelCutoffHours: type!.cancelCutoffHours, maxReschedules: type!.maxReschedules },
    credit: await creditOfBooking(db, row.id),
    start: row.startsAt,
    name: row.name,
    email: row.email,
    topic: row.topic,
    callMinutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    place: placeOf(row),
    answers: storedAnswers(row.answers),
  };
}

function invite(brand: Brand, row: Booking, call: CallDetails, organizer: string, method: 'REQUEST' | 'CANCEL') {
  const place = call.place;
  const title = call.session.charAt(0).toUpperCase() + call.session.slice(1);
  const videoLink = place?.kind === 'video' ? place.url : null;
  const content = calendarInvite({
    uid: row.uid,
    sequence: row.sequence,
    method,
    start: row.startsAt,
    end: row.endsAt,
    stamp: new Date(),
    summary: `${title}: ${row.name} and ${brand.name}`,
    description: row.topic ? `Topic: ${row.topic}` : title,
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
export async function queueConfirmations(tx: Database, ctx: MailContext, row: Booking, cause: InvitationCause): Promise<void> {
  const { coach, organizer } = await organizerOf(tx, ctx.brand);
  const call = await callOf(tx, row);
  const calendar = invite(ctx.brand, row, call, organizer, 'REQUEST');
  const manageUrl = ctx.manageUrl(row.id);
  const moved = cause === 'moved';
  await queueCalendarWrite(tx, row);
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
 * cancelled calls keep the place they had. The calls are those of one session type, or (no type
 * given) those of every type that follows Availability's place. Returns how many calls it moved.
 */
export async function movePlaceOfUpcomingCalls(
  tx: Database,
  ctx: MailContext,
  location: CallLocation,
  now: Date,
  sessionTypeId?: number,
): Promise<number> {
  const upcoming = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
    .where(
      and(
        eq(bookings.status, 'confirmed'),
        gt(bookings.startsAt, now),
        sessionTypeId === undefined ? isNull(sessionTypes.location) : eq(bookings.sessionTypeId, sessionTypeId),
      ),
    )
    .for('update', { of: bookings });
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
  const call = await callOf(tx, row);
  const calendar = invite(ctx.brand, row, call, organizer, 'CANCEL');
  await queueCalendarWrite(tx, row);
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
export const reminderSkipped = (start: Date, now: Date) => (start.getTime() - now.getTime() <= DAY_MS ? now : null);

export interface NewBooking {
  start: string;
  name: string;
  email: string;
  topic: string;
  timeZone: string;
  /** The slug of the session type (none: the intro call). */
  sessionType?: string;
  /** A private type's link key. */
  key?: string;
  /** The answers to the type's intake questions, by question id. */
  answers?: unknown;
}

/** A visitor takes a slot of a session type; the emails go out with it. */
export async function createBooking(input: NewBooking, now = new Date()): Promise<Booking> {
  await assertBookingOn();
  const db = await database();
  const type = await visibleSessionType(db, { slug: input.sessionType, key: input.key });
  const answers = checkedAnswers(type, input.answers);
  const start = new Date(input.start);
  const ctx = await mailContext();
  const rules = rulesOf(type, ctx.availability);
  const typeCap = typeCapOf(type);
  await assertFree(rules, typeCap, start, now);
  return claimingSlot(() =>
    db.transaction(async (tx) => {
      await takeTurn(tx, rules, typeCap, start);
      const row = await insertBooking(tx, ctx, { type, rules, start, input, answers, now });
      // A covered session takes one of the client's credits, under the lock of their packages.
      const credit = row.clientId && !type.intro ? await takeCredit(tx, row.clientId, type.id, row.id, now) : null;
      if (type.access === 'clients' && !credit) throw forbidden(CREDIT_NEEDED_MESSAGE);
      // A paid session is booked here only with a credit; without one it goes through Checkout.
      if (type.priceMinor && !credit) throw conflict(PAYMENT_NEEDED_MESSAGE);
      await queueConfirmations(tx, ctx, row, 'booked');
      return row;
    }),
  );
}

export const PAYMENT_NEEDED_MESSAGE = 'This session is paid when booked. Please book it again to pay.';

/**
 * Writes a booking of a free slot (the caller holds the booking lock): its place as saved now, and
 * its client, made now for any session but the intro call. Its emails are the caller's to queue.
 */
export async function insertBooking(
  tx: Database,
  ctx: MailContext,
  booking: { type: StoredSessionType; rules: Availability; start: Date; input: NewBooking; answers: unknown[]; now: Date },
): Promise<Booking> {
  const { type, rules, start, input, answers, now } = booking;
  // Read again under the lock: a place the coach saved since ctx was read is this call's too.
  const location = type.location ?? (await storedAvailability(tx))?.location ?? ctx.availability.location;
  // The intro call is for anyone and makes no client (the coach may make one from it); any other
  // session is a client's, made now if they are new.
  const client = type.intro ? await clientByEmail(tx, input.email) : await clientForBooking(tx, input);
  const [row] = await tx
    .insert(bookings)
    .values({
      uid: `booking-${crypto.randomUUID()}@${new URL(siteConfig().url).hostname}`,
      sessionTypeId: type.id,
      startsAt: start,
      endsAt: new Date(start.getTime() + rules.callMinutes * 60_000),
      name: input.name,
      email: input.email,
      topic: input.topic || null,
      answers,
      timeZone: input.timeZone,
      ...placeColumns(location),
      remindedAt: reminderSkipped(start, now),
      clientId: client?.id ?? null,
    })
    .returning();
  return row!;
}

/** The booking a manage link was made for, still ahead and confirmed, or the reason it cannot change. */
async function changeableBooking(token: string, now: Date): Promise<Booking> {
  const row = await bookingOfToken(token);
  if (row.status === 'cancelled') throw conflict(CALL_CANCELLED_MESSAGE);
  if (row.startsAt <= now) throw conflict(CALL_PAST_MESSAGE);
  return row;
}

/** A booking as its visitor's manage page shows it. */
export const managed = async (row: Booking): Promise<ManagedBooking> => {
  const db = await database();
  const call = await callOf(db, row);
  const { cancelCutoffHours, maxReschedules } = call.rules;
  return {
    session: call.session,
    freeUntil: cancelCutoffHours > 0 ? freeUntil(row.startsAt, cancelCutoffHours).toISOString() : null,
    cancelCutoffHours,
    reschedulesLeft: reschedulesLeft(maxReschedules, row.reschedules),
    credit: call.credit && { package: call.credit.package, left: call.credit.left, state: call.credit.state },
    paid: Boolean(await cardPaymentOf(db, row.id)),
    start: row.startsAt.toISOString(),
    end: row.endsAt.toISOString(),
    name: row.name,
    status: row.status,
    timeZone: row.timeZone,
    place: placeOf(row),
  };
};

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
  const db = await database();
  const type = await sessionTypeById(db, current.sessionTypeId);
  if (pastCutoff(current.startsAt, type.cancelCutoffHours, now) && type.cancelCutoffHours > 0)
    throw conflict(lateMoveMessage(type.cancelCutoffHours));
  if (reschedulesLeft(type.maxReschedules, current.reschedules) === 0) throw conflict(noMoreMovesMessage(type.maxReschedules!));
  // Moving it to the time it already has changes nothing and sends nothing.
  if (start.getTime() === current.startsAt.getTime()) return current;
  const ctx = await mailContext();
  const rules = rulesOf(type, ctx.availability);
  const typeCap = typeCapOf(type);
  await assertFree(rules, typeCap, start, now, current.id);
  return claimingSlot(() =>
    db.transaction(async (tx) => {
      await takeTurn(tx, rules, typeCap, start, current.id);
      const [row] = await tx
        .update(bookings)
        .set({
          startsAt: start,
          endsAt: new Date(start.getTime() + rules.callMinutes * 60_000),
          sequence: sql`${bookings.sequence} + 1`,
          reschedules: sql`${bookings.reschedules} + 1`,
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

/** What becomes of a cancelled session's credit: back in its package, or used up by a late cancellation. */
type CreditOutcome = 'returned' | 'forfeited';

async function cancel(where: { id: number }, by: 'visitor' | 'coach', note: string, now: Date, credit: CreditOutcome): Promise<Booking> {
  const ctx = await mailContext();
  const db = await database();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledBy: by, cancelledAt: now })
      .where(and(eq(bookings.id, where.id), eq(bookings.status, 'confirmed'), gt(bookings.startsAt, now)))
      .returning();
    if (!row) throw conflict(CALL_CANCELLED_MESSAGE);
    const reason = by === 'coach' ? 'Cancelled by the coach' : 'Cancelled in time';
    if (credit === 'returned') {
      await returnCredit(tx, row.id, reason);
      // A session paid by card is refunded under the same rule as a credit comes back.
      await refundCancelledBooking(tx, ctx.brand, row.id, reason, row.timeZone, now);
    } else await forfeitCredit(tx, row.id, 'Cancelled after the cut-off');
    await queueCancellations(tx, ctx, row, by, note);
    return row;
  });
}

/**
 * The visitor cancels through their link; both get a METHOD:CANCEL for the same UID. Before the
 * type's cut-off its credit comes back; after it, a session that used a credit is cancelled only
 * when the visitor confirms (`late`), and the credit stays used.
 */
export async function cancelBookingByVisitor(token: string, now = new Date(), { late = false } = {}): Promise<Booking> {
  const row = await changeableBooking(token, now);
  const db = await database();
  const { cancelCutoffHours } = await sessionTypeById(db, row.sessionTypeId);
  const afterCutoff = cancelCutoffHours > 0 && pastCutoff(row.startsAt, cancelCutoffHours, now);
  if (afterCutoff && !late) {
    if ((await creditOfBooking(db, row.id))?.state === 'used') throw conflict(lateCancelMessage(cancelCutoffHours));
    if (await cardPaymentOf(db, row.id)) throw conflict(lateUnrefundedMessage(cancelCutoffHours));
  }
  return cancel(row, 'visitor', '', now, afterCutoff ? 'forfeited' : 'returned');
}

/** A booking the coach acts on: 404 when there is none. */
async function coachesBooking(id: number): Promise<Booking> {
  const [row] = await (await database()).select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw notFound(BOOKING_NOT_FOUND);
  return row;
}

/** The coach cancels a call from the admin, with a message to the visitor; a credit it used comes back. */
export async function cancelBookingByCoach(id: number, message: string, now = new Date()): Promise<Booking> {
  const row = await coachesBooking(id);
  if (row.status === 'cancelled') throw conflict(CALL_CANCELLED_MESSAGE);
  if (row.startsAt <= now) throw conflict(CALL_PAST_MESSAGE);
  return cancel(row, 'coach', message, now, 'returned');
}

/** The coach marks that the client did not come, once the session has started: its credit stays used. */
export async function markNoShow(id: number, reason: string, now = new Date()): Promise<Booking> {
  const row = await coachesBooking(id);
  if (row.status === 'cancelled') throw conflict(CALL_CANCELLED_MESSAGE);
  if (row.startsAt > now) throw conflict(NO_SHOW_TOO_EARLY);
  if (row.noShowAt) throw conflict(NO_SHOW_ALREADY);
  return (await database()).transaction(async (tx) => {
    const [marked] = await tx
      .update(bookings)
      .set({ noShowAt: now })
      .where(and(eq(bookings.id, id), isNull(bookings.noShowAt)))
      .returning();
    if (!marked) throw conflict(NO_SHOW_ALREADY);
    await forfeitCredit(tx, id, reason ? `No-show: ${reason}` : 'No-show');
    return marked;
  });
}

/** The coach's override: a credit used up (late cancel, no-show) or still used goes back, with the reason kept. */
export async function returnCreditByCoach(id: number, reason: string): Promise<void> {
  await coachesBooking(id);
  await (await database()).transaction(async (tx) => {
    if (!(await returnCreditAnyway(tx, id, `Returned by the coach: ${reason}`))) throw conflict(NO_CREDIT_TO_RETURN);
  });
}
