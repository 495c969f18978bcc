import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import {
  bookings,
  type Client,
  clientPackages,
  clients,
  contactMessages,
  creditLedger,
  outboxEmails,
  sessionNotes,
  sessionTypes,
  subscribers,
} from '#db/schema.ts';
import { database } from '#server/db.ts';
import { conflict, isUniqueViolation, notFound } from '#server/errors.ts';
import {
  CLIENT_EMAIL_TAKEN,
  CLIENT_NOT_FOUND,
  type ClientDetail,
  type ClientInput,
  type ClientStatus,
  type ClientSummary,
  type ClientsPage,
  type TimelineEvent,
} from '#src/schemas/client.ts';
import { CREDIT_KIND_LABELS } from '#src/schemas/credits.ts';
import { storedAnswers } from '#src/schemas/intake-answers.ts';
import type { PageQuery } from '#src/schemas/page.ts';
import { readPage } from '../paging.ts';
import { sameEmail } from '../same-email.ts';
import { creditsLeft, packageBalances } from './credits.ts';

// Clients (issue 35 §2): one per email address (compared without case), added by the coach, made
// by a booking of any session but the free intro call, or offered from a contact message or an
// intro call. Everything else about a client is found by that address or linked to their row.

/** The columns of a summary: the client and the credits left across their unexpired packages. */
async function summaryOf(db: Database, client: Client, now: Date): Promise<ClientSummary> {
  return toSummary(client, creditsLeft(await packageBalances(db, client.id, now)));
}

/** Credits left across a client's unexpired packages, in the query that lists clients (written out: Drizzle drops the table of a lone column here). */
const creditsLeftOf = (now: Date) => sql<number>`(
  select coalesce(sum(l.amount), 0)::int from client_packages p join credit_ledger l on l.client_package_id = p.id
  where p.client_id = clients.id and (p.expires_at is null or p.expires_at > ${now.toISOString()}::timestamptz)
)`;

function toSummary(client: Client, left: number): ClientSummary {
  return {
    id: client.id,
    name: client.name,
    email: client.email,
    phone: client.phone,
    organisation: client.organisation,
    timeZone: client.timeZone,
    status: client.status,
    tags: client.tags,
    source: client.source,
    createdAt: client.createdAt.toISOString(),
    creditsLeft: left,
  };
}

/** A write whose email another client has: a 409 naming it. */
async function emailChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CLIENT_EMAIL_TAKEN);
    throw error;
  }
}

/** Admin → Clients: by name, searched in name, email, organisation and tags, of one status or all. */
export async function listClients(
  { search, status, page, pageSize }: { search?: string; status?: ClientStatus } & PageQuery,
  now = new Date(),
): Promise<ClientsPage> {
  const db = await database();
  const term = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    status ? eq(clients.status, status) : undefined,
    term
      ? or(
          ilike(clients.name, term),
          ilike(clients.email, term),
          ilike(clients.organisation, term),
          sql`array_to_string(${clients.tags}, ' ') ilike ${term}`,
        )
      : undefined,
  );
  return readPage(
    'clients',
    { page, pageSize },
    async ({ limit, offset }) => {
      const rows = await db
        .select({ client: clients, creditsLeft: creditsLeftOf(now) })
        .from(clients)
        .where(where)
        .orderBy(sql`lower(${clients.name})`, asc(clients.id))
        .limit(limit)
        .offset(offset);
      return rows.map((row) => toSummary(row.client, row.creditsLeft));
    },
    () => db.$count(clients, where),
  );
}

async function clientRow(db: Database, id: number): Promise<Client> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

/** Everything about one client, newest first: bookings and their answers, messages, credit movements, emails. */
export async function clientDetail(id: number, now = new Date()): Promise<ClientDetail> {
  const db = await database();
  const client = await clientRow(db, id);
  const [summary, packages, bookingRows, messages, movements, emails, subscription] = await Promise.all([
    summaryOf(db, client, now),
    packageBalances(db, id, now),
    db
      .select({ booking: bookings, session: sessionTypes.name, notesAt: sessionNotes.updatedAt })
      .from(bookings)
      .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
      .leftJoin(sessionNotes, eq(sessionNotes.bookingId, bookings.id))
      .where(or(eq(bookings.clientId, id), sameEmail(bookings.email, client.email))),
    db.select().from(contactMessages).where(sameEmail(contactMessages.email, client.email)),
    db
      .select({ movement: creditLedger, package: clientPackages.name })
      .from(creditLedger)
      .innerJoin(clientPackages, eq(clientPackages.id, creditLedger.clientPackageId))
      .where(eq(clientPackages.clientId, id)),
    db
      .select({ subject: outboxEmails.subject, status: outboxEmails.status, createdAt: outboxEmails.createdAt })
      .from(outboxEmails)
      .where(sameEmail(outboxEmails.toAddress, client.email))
      .orderBy(desc(outboxEmails.id))
      .limit(200),
    db.select({ status: subscribers.status }).from(subscribers).where(sameEmail(subscribers.email, client.email)),
  ]);
  const timeline: TimelineEvent[] = [
    ...bookingRows.map(
      ({ booking, session }): TimelineEvent => ({
        kind: 'booking',
        at: booking.createdAt.toISOString(),
        id: booking.id,
        session,
        start: booking.startsAt.toISOString(),
        status: booking.status,
        answers: storedAnswers(booking.answers),
      }),
    ),
    // When the session's notes were last written (never what they say: that stays encrypted).
    ...bookingRows.flatMap(({ booking, session, notesAt }): TimelineEvent[] =>
      notesAt ? [{ kind: 'notes', at: notesAt.toISOString(), id: booking.id, session, start: booking.startsAt.toISOString() }] : [],
    ),
    ...messages.map(
      (message): TimelineEvent => ({
        kind: 'message',
        at: message.createdAt.toISOString(),
        id: message.id,
        subject: message.subject ?? '',
      }),
    ),
    ...movements.map(
      ({ movement, package: name }): TimelineEvent => ({
        kind: 'credit',
        at: movement.createdAt.toISOString(),
        package: name,
        movement: CREDIT_KIND_LABELS[movement.kind],
        amount: movement.amount,
        reason: movement.reason,
      }),
    ),
    ...emails.map(
      (email): TimelineEvent => ({ kind: 'email', at: email.createdAt.toISOString(), subject: email.subject, status: email.status }),
    ),
  ].sort((a, b) => b.at.localeCompare(a.at));
  const newsletter = subscription[0]?.status ?? null;
  return { ...summary, packages, timeline, newsletter: newsletter as ClientDetail['newsletter'] };
}

/** The client page's data, or null when there is no such client (the page answers 404). */
export async function findClientDetail(id: number): Promise<ClientDetail | null> {
  if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await (await database()).select({ id: clients.id }).from(clients).where(eq(clients.id, id));
  return row ? clientDetail(id) : null;
}

/** A client the coach adds by hand. */
export async function createClient(input: ClientInput, source: Client['source'] = 'manual'): Promise<ClientSummary> {
  const db = await database();
  const [row] = await emailChecked(() =>
    db
      .insert(clients)
      .values({ ...input, source })
      .returning(),
  );
  return summaryOf(db, row!, new Date());
}

/** Replaces the details the coach keeps. */
export async function updateClient(id: number, input: ClientInput): Promise<ClientSummary> {
  const db = await database();
  const [row] = await emailChecked(() =>
    db
      .update(clients)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(clients.id, id))
      .returning(),
  );
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return summaryOf(db, row, new Date());
}

/** The client with this address, if there is one. */
export async function clientByEmail(db: Database, email: string): Promise<Client | undefined> {
  const [row] = await db.select().from(clients).where(sameEmail(clients.email, email));
  return row;
}

/**
 * The client a booking is for, made now if there is none (in the booking's transaction): the
 * person who booked, as a prospect. A booking never changes an existing client's details.
 */
export async function clientForBooking(tx: Database, person: { name: string; email: string; timeZone: string }): Promise<Client> {
  const [made] = await tx
    .insert(clients)
    .values({ name: person.name, email: person.email, timeZone: person.timeZone, source: 'booking' })
    .onConflictDoNothing()
    .returning();
  return made ?? (await clientByEmail(tx, person.email))!;
}

/** Makes the person of a contact message or an intro call a client, or answers the client they already are. */
export async function clientFromPerson(person: { name: string; email: string; timeZone?: string | null }, source: Client['source']) {
  const db = await database();
  const existing = await clientByEmail(db, person.email);
  if (existing) return summaryOf(db, existing, new Date());
  await db
    .insert(clients)
    .values({ name: person.name, email: person.email, timeZone: person.timeZone ?? null, source })
    .onConflictDoNothing();
  return summaryOf(db, (await clientByEmail(db, person.email))!, new Date());
}

/** The client made from a contact message (its sender), or the one they already are. */
export async function clientFromMessage(messageId: number) {
  const [message] = await (await database()).select().from(contactMessages).where(eq(contactMessages.id, messageId));
  if (!message) throw notFound('Message not found');
  return clientFromPerson({ name: message.name, email: message.email }, 'message');
}

/** The client made from a booking (the intro call's visitor, when the coach takes them on), linked to it. */
export async function clientFromBooking(bookingId: number) {
  const db = await database();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw notFound('Booking not found');
  const client = await clientFromPerson(booking, 'booking');
  await db.update(bookings).set({ clientId: client.id }).where(eq(bookings.id, bookingId));
  return client;
}
