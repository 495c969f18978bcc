import { and, asc, count, eq, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '#db/client.ts';
import { bookings, type SessionTypeRow, sessionTypes } from '#db/schema.ts';
import { contentChanged } from '#server/cache/content-events.ts';
import { database } from '#server/db.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '#server/errors.ts';
import { callLocationSchema } from '#src/schemas/booking.ts';
import {
  INTRO_CALL_FREE,
  INTRO_CALL_KEPT,
  intakeQuestionSchema,
  SESSION_TYPE_HAS_BOOKINGS,
  SESSION_TYPE_NOT_FOUND,
  SESSION_TYPE_ORDER_INCOMPLETE,
  SESSION_TYPE_SLUG_TAKEN,
  type SessionType,
  type SessionTypeInput,
  type StoredSessionType,
} from '#src/schemas/session-type.ts';

// Session types (issue 35 §1): what a client can book, in the coach's order. The intro call is
// one of them (made by migration 0020 from the booking that came before) and is never deleted.

// Creates, deletes and reorders move positions one at a time.
const SESSION_TYPES_LOCK = 72_410_035;

const order = [asc(sessionTypes.position), asc(sessionTypes.id)];

// What the database holds was written through the schemas; a value that no longer parses reads
// as "nothing of its own", never as a failure of the whole list.
const storedLocation = callLocationSchema.nullable().catch(null);
const storedQuestions = z.array(intakeQuestionSchema).catch([]);

/** A type's stored questions, as the services read them (none when they no longer parse). */
export const sessionTypeQuestions = (stored: unknown) => storedQuestions.parse(stored);

/** A stored row as the services use it (without its booking count). */
export function sessionTypeOf(type: SessionTypeRow): StoredSessionType {
  return {
    id: type.id,
    intro: type.intro,
    position: type.position,
    privateKey: type.privateKey,
    name: type.name,
    slug: type.slug,
    description: type.description,
    minutes: type.minutes,
    bufferMinutes: type.bufferMinutes,
    minNoticeHours: type.minNoticeHours,
    dailyCap: type.dailyCap,
    location: storedLocation.parse(type.location),
    access: type.access,
    listed: type.listed,
    cancelCutoffHours: type.cancelCutoffHours,
    maxReschedules: type.maxReschedules,
    priceMinor: type.priceMinor && type.priceMinor > 0 ? type.priceMinor : null,
    questions: storedQuestions.parse(type.questions),
  };
}

async function read(db: Database, where?: SQL): Promise<SessionType[]> {
  const rows = await db
    .select({ type: sessionTypes, bookingCount: count(bookings.id) })
    .from(sessionTypes)
    .leftJoin(bookings, eq(bookings.sessionTypeId, sessionTypes.id))
    .where(where)
    .groupBy(sessionTypes.id)
    .orderBy(...order);
  return rows.map(({ type, bookingCount }) => ({ ...sessionTypeOf(type), bookingCount }));
}

async function readOne(db: Database, id: number): Promise<SessionType> {
  const [type] = await read(db, eq(sessionTypes.id, id));
  if (!type) throw notFound(SESSION_TYPE_NOT_FOUND);
  return type;
}

/** The ids in order, with every type locked for the rest of the transaction. */
async function lockSessionTypes(tx: Database): Promise<number[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SESSION_TYPES_LOCK})`);
  const rows = await tx
    .select({ id: sessionTypes.id })
    .from(sessionTypes)
    .orderBy(...order)
    .for('update');
  return rows.map((row) => row.id);
}

async function renumber(tx: Database, ids: number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await tx.update(sessionTypes).set({ position }).where(eq(sessionTypes.id, id));
  }
}

/** The columns of an input: a private type is never listed on /book. */
const columnsOf = (input: SessionTypeInput) => ({ ...input, listed: input.access !== 'private' && input.listed });

/** A unique slug taken by another type is the coach's to change: a 409 naming it. */
async function slugChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SESSION_TYPE_SLUG_TAKEN);
    throw error;
  }
}

export async function listSessionTypes(): Promise<SessionType[]> {
  return read(await database());
}

/** The types /book lists, in the coach's order: listed ones anyone may book or clients book with a credit. */
export async function listedSessionTypes(): Promise<StoredSessionType[]> {
  const rows = await (await database())
    .select()
    .from(sessionTypes)
    .where(and(eq(sessionTypes.listed, true), ne(sessionTypes.access, 'private')))
    .orderBy(...order);
  return rows.map(sessionTypeOf);
}

/** The type of a /book/{slug} address (the intro call without one); undefined when there is none. */
export async function sessionTypeBySlug(slug: string | undefined, db?: Database): Promise<StoredSessionType | undefined> {
  db ??= await database();
  const [row] = await db
    .select()
    .from(sessionTypes)
    .where(slug === undefined ? eq(sessionTypes.intro, true) : eq(sessionTypes.slug, slug));
  return row ? sessionTypeOf(row) : undefined;
}

/** The intro call's id: the type of every booking made on /book before there were others. */
export async function introSessionTypeId(db: Database): Promise<number> {
  const type = await sessionTypeBySlug(undefined, db);
  if (!type) throw new Error('The intro call session type is missing (migration 0020 makes it)');
  return type.id;
}

/** A booking's type (bookings keep theirs: a type with bookings is never deleted). */
export async function sessionTypeById(db: Database, id: number): Promise<StoredSessionType> {
  const [row] = await db.select().from(sessionTypes).where(eq(sessionTypes.id, id));
  if (!row) throw notFound(SESSION_TYPE_NOT_FOUND);
  return sessionTypeOf(row);
}

/** A new session type, last in the order. */
export async function createSessionType(input: SessionTypeInput): Promise<SessionType> {
  const db = await database();
  const created = await slugChecked(() =>
    db.transaction(async (tx) => {
      const ids = await lockSessionTypes(tx);
      const [row] = await tx
        .insert(sessionTypes)
        .values({ ...columnsOf(input), position: ids.length })
        .returning({ id: sessionTypes.id });
      return readOne(tx, row!.id);
    }),
  );
  await contentChanged();
  return created;
}

/**
 * Replaces every field the coach writes, in the caller's transaction; its bookings keep the type.
 * (booking/save-session-type.ts calls it, moving upcoming sessions when their place changes.)
 */
export async function updateSessionType(tx: Database, id: number, input: SessionTypeInput): Promise<void> {
  await slugChecked(async () => {
    if (input.priceMinor) {
      const [type] = await tx.select({ intro: sessionTypes.intro }).from(sessionTypes).where(eq(sessionTypes.id, id));
      if (type?.intro) throw badRequest(INTRO_CALL_FREE);
    }
    const [row] = await tx
      .update(sessionTypes)
      .set({ ...columnsOf(input), updatedAt: sql`now()` })
      .where(eq(sessionTypes.id, id))
      .returning({ id: sessionTypes.id });
    if (!row) throw notFound(SESSION_TYPE_NOT_FOUND);
  });
}

/** A session type as the admin reads it, with its bookings counted. */
export async function readSessionType(id: number): Promise<SessionType> {
  return readOne(await database(), id);
}

/** Deletes a type no booking ever used; the intro call and a type with bookings stay (hide them instead). */
export async function deleteSessionType(id: number): Promise<void> {
  const db = await database();
  await db.transaction(async (tx) => {
    const ids = await lockSessionTypes(tx);
    const type = ids.includes(id) ? await readOne(tx, id) : null;
    if (!type) throw notFound(SESSION_TYPE_NOT_FOUND);
    if (type.intro) throw conflict(INTRO_CALL_KEPT);
    if (type.bookingCount > 0) throw conflict(SESSION_TYPE_HAS_BOOKINGS);
    await tx.delete(sessionTypes).where(eq(sessionTypes.id, id));
    await renumber(
      tx,
      ids.filter((other) => other !== id),
    );
  });
  await contentChanged();
}

/** The coach's order: every type exactly once. */
export async function reorderSessionTypes(orderedIds: number[]): Promise<SessionType[]> {
  const db = await database();
  const reordered = await db.transaction(async (tx) => {
    const ids = await lockSessionTypes(tx);
    const complete =
      orderedIds.length === ids.length && new Set(orderedIds).size === ids.length && orderedIds.every((id) => ids.includes(id));
    if (!complete) throw badRequest(SESSION_TYPE_ORDER_INCOMPLETE);
    await renumber(tx, orderedIds);
    return read(tx);
  });
  await contentChanged();
  return reordered;
}
