import { and, asc, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Booking, bookings, clients, creditLedger, sessionTypes } from '#db/schema.ts';
import type { PortalClient } from '#server/auth/client-session.ts';
import { database } from '#server/db.ts';
import { conflict, notFound } from '#server/errors.ts';
import { siteConfig } from '#src/config/site.ts';
import type { ClientPackageBalance } from '#src/schemas/client.ts';
import { CREDIT_KIND_LABELS } from '#src/schemas/credits.ts';
import { ANSWERS_ALREADY_GIVEN, PORTAL_BOOKING_NOT_FOUND, type PortalOverview, type PortalPast } from '#src/schemas/portal.ts';
import type { IntakeQuestion } from '#src/schemas/session-type.ts';
import { checkedAnswers } from '../booking/bookable.ts';
import { managed, manageTokens, sessionName } from '../booking/calls.ts';
import { calendarFile } from '../booking/ics.ts';
import { sessionTitle, storedEvent } from '../calendars/booking-event.ts';
import { packageBalances } from '../practice/credits.ts';
import { sharedWithClient, tickActionItem } from '../practice/session-notes.ts';
import { sameEmail } from '../same-email.ts';
import { sessionTypeById, sessionTypeQuestions } from '../session-types.ts';
import { bookableFor } from './bookable.ts';
import { toPortalProfile } from './profile.ts';

// What a signed-in client sees (issue 36 §2): their sessions ahead with the rules that apply now,
// the sessions behind them with what the coach shared, and their packages with the ledger in words.
// A client's bookings are those linked to them or made with their address (an intro call makes no
// client), exactly as the coach's client page counts them.

const PAST_SHOWN = 50;

const ownBookings = (client: PortalClient) => or(eq(bookings.clientId, client.id), sameEmail(bookings.email, client.email));

export async function portalOverview(client: PortalClient, now = new Date()): Promise<PortalOverview> {
  const db = await database();
  const rows = await db
    .select({ booking: bookings, type: { intro: sessionTypes.intro, name: sessionTypes.name, questions: sessionTypes.questions } })
    .from(bookings)
    .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
    .where(ownBookings(client))
    .orderBy(asc(bookings.startsAt));
  const ahead = rows.filter(({ booking }) => booking.status === 'confirmed' && booking.startsAt > now);
  const behind = rows
    .filter((row) => !ahead.includes(row))
    .reverse()
    .slice(0, PAST_SHOWN);
  const balances = await packageBalances(db, client.id, now);
  const [tokenOf, shared, packages, bookable, [profile]] = await Promise.all([
    manageTokens(),
    sharedWithClient(behind.map(({ booking }) => booking.id)),
    portalPackages(db, balances),
    bookableFor(db, balances),
    db.select().from(clients).where(eq(clients.id, client.id)),
  ]);
  return {
    client: toPortalProfile(profile!),
    bookable,
    upcoming: await Promise.all(
      ahead.map(async ({ booking, type }) => ({
        id: booking.id,
        manageToken: tokenOf(booking.id),
        questions: questionsToAnswer(booking, type.questions),
        ...(await managed(booking)),
      })),
    ),
    past: behind.map(({ booking, type }): PortalPast => {
      const notes = shared.get(booking.id);
      return {
        id: booking.id,
        session: sessionName(type),
        start: booking.startsAt.toISOString(),
        end: booking.endsAt.toISOString(),
        status: booking.status,
        noShow: booking.noShowAt !== null,
        sharedNotes: notes?.html ?? null,
        actionItems: notes?.actionItems ?? [],
      };
    }),
    packages,
  };
}

async function portalPackages(db: Database, balances: ClientPackageBalance[]): Promise<PortalOverview['packages']> {
  const movements = balances.length
    ? await db
        .select()
        .from(creditLedger)
        .where(
          inArray(
            creditLedger.clientPackageId,
            balances.map((balance) => balance.id),
          ),
        )
        .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    : [];
  return balances.map((balance) => ({
    id: balance.id,
    name: balance.name,
    sessions: balance.sessions,
    left: balance.left,
    expiresAt: balance.expiresAt,
    expired: balance.expired,
    ledger: movements
      .filter((movement) => movement.clientPackageId === balance.id)
      .map((movement) => ({
        at: movement.createdAt.toISOString(),
        movement: CREDIT_KIND_LABELS[movement.kind],
        amount: movement.amount,
        reason: movement.reason,
      })),
  }));
}

/** A session's intake questions while none is answered (a session booked by the coach); else null. */
function questionsToAnswer(booking: Booking, stored: unknown): IntakeQuestion[] | null {
  const questions = sessionTypeQuestions(stored);
  return questions.length > 0 && booking.answers === null ? questions : null;
}

/** The client answers the intake questions of a session ahead that was booked without them. */
export async function answerIntake(client: PortalClient, bookingId: number, answers: unknown, now = new Date()): Promise<void> {
  const booking = await ownBooking(client, bookingId);
  const db = await database();
  const type = await sessionTypeById(db, booking.sessionTypeId);
  if (booking.status !== 'confirmed' || booking.startsAt <= now || type.questions.length === 0) throw notFound(PORTAL_BOOKING_NOT_FOUND);
  const asked = checkedAnswers(type, answers);
  const [saved] = await db
    .update(bookings)
    .set({ answers: asked })
    .where(and(eq(bookings.id, booking.id), isNull(bookings.answers)))
    .returning({ id: bookings.id });
  if (!saved) throw conflict(ANSWERS_ALREADY_GIVEN);
}

/** One of the client's own bookings, or 404: another client's id answers exactly as one that does not exist. */
export async function ownBooking(client: PortalClient, bookingId: number): Promise<Booking> {
  if (!Number.isInteger(bookingId) || bookingId < 1 || bookingId > 2_147_483_647) throw notFound(PORTAL_BOOKING_NOT_FOUND);
  const [row] = await (await database())
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), ownBookings(client)));
  if (!row) throw notFound(PORTAL_BOOKING_NOT_FOUND);
  return row;
}

/**
 * "Add to calendar" for one of the client's sessions ahead: the event of their invitation (its UID,
 * so a calendar that took the email holds one event), pointing back to the portal.
 */
export async function ownSessionCalendar(client: PortalClient, bookingId: number): Promise<string> {
  const booking = await ownBooking(client, bookingId);
  const db = await database();
  const [type] = await db
    .select({ intro: sessionTypes.intro, name: sessionTypes.name })
    .from(sessionTypes)
    .where(eq(sessionTypes.id, booking.sessionTypeId));
  return calendarFile([{ ...storedEvent(booking, sessionTitle(type!), false), description: `${siteConfig().url}/portal` }]);
}

/** The client ticks an action item of one of their own sessions. */
export async function tickOwnActionItem(client: PortalClient, bookingId: number, index: number, done: boolean) {
  const booking = await ownBooking(client, bookingId);
  return tickActionItem(booking.id, index, done);
}
