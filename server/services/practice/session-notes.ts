import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, type SessionNotesRow, sessionNotes, sessionTypes } from '#db/schema.ts';
import { ENCRYPTION_KEY_MISSING, isEncryptionConfigured, SealedTextError, seal, unseal } from '#server/crypto/sealed-text.ts';
import { database } from '#server/db.ts';
import { conflict, HttpError, notFound } from '#server/errors.ts';
import { sharedNotesEmail } from '#server/mail/notes-templates.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { renderPostBody } from '#server/markdown/render.ts';
import { PORTAL_ACTION_ITEM_NOT_FOUND } from '#src/schemas/portal.ts';
import {
  EMPTY_NOTES,
  NOTES_CANCELLED,
  NOTES_NOT_FOUND,
  NOTES_NOT_YET,
  NOTES_NOTHING_TO_SHARE,
  NOTES_STALE,
  type NotesContent,
  type NotesScreen,
  notesContentSchema,
  type SessionNotes,
} from '#src/schemas/session-notes.ts';
import { adminBooking } from '../booking/admin-list.ts';
import { sessionName } from '../booking/calls.ts';
import { mailBrand } from '../settings.ts';

// A session's notes (issue 35 §6), encrypted at rest as one document per booking: the database and
// its backups hold only ciphertext (server/crypto/sealed-text.ts), and no note text is ever logged
// or written to the audit log. Without ENCRYPTION_KEY nothing is stored: the coach is told how to set one.

/** What a booking's sealed notes are bound to: they open for this booking only. */
export const notesContext = (bookingId: number) => `session_notes:${bookingId}`;

/** A sealed-text failure (no key, another key) as the answer the coach reads. */
const keyProblem = (error: unknown) => (error instanceof SealedTextError ? new HttpError(503, error.message) : error);

async function openNotes(row: SessionNotesRow): Promise<NotesContent> {
  return notesContentSchema.parse(JSON.parse(await unseal(row.sealed, notesContext(row.bookingId))));
}

async function toSessionNotes(row: SessionNotesRow): Promise<SessionNotes> {
  return {
    bookingId: row.bookingId,
    ...(await openNotes(row)),
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    sharedSentAt: row.sharedSentAt?.toISOString() ?? null,
  };
}

async function bookingExists(db: Database, bookingId: number) {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw notFound(NOTES_NOT_FOUND);
}

/** The notes screen of a booking: the booking, and its notes when a key is set (null: none written yet). */
export async function notesScreen(bookingId: number): Promise<NotesScreen> {
  const db = await database();
  await bookingExists(db, bookingId);
  const booking = await adminBooking(bookingId);
  if (!isEncryptionConfigured()) return { encryption: false, booking, notes: null };
  const [row] = await db.select().from(sessionNotes).where(eq(sessionNotes.bookingId, bookingId));
  try {
    return { encryption: true, booking, notes: row ? await toSessionNotes(row) : null };
  } catch (error) {
    throw keyProblem(error);
  }
}

/** The notes page's reading: the screen, or why it cannot be shown (404, or a key problem's 503) in words. */
export async function notesPage(bookingId: number): Promise<NotesScreen | { status: number; message: string }> {
  try {
    return await notesScreen(bookingId);
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, message: error.message };
    throw error;
  }
}

/**
 * Saves a booking's notes if they are still at `version` (0: none yet), sealed with the current key;
 * answers them at their new version. An older copy's autosave is refused (409), never merged.
 */
export async function saveNotes(bookingId: number, content: NotesContent, version: number): Promise<SessionNotes> {
  const db = await database();
  await bookingExists(db, bookingId);
  if (!isEncryptionConfigured()) throw new HttpError(503, ENCRYPTION_KEY_MISSING);
  const sealed = await seal(JSON.stringify(content), notesContext(bookingId));
  const [row] =
    version === 0
      ? await db.insert(sessionNotes).values({ bookingId, sealed }).onConflictDoNothing().returning()
      : await db
          .update(sessionNotes)
          .set({ sealed, version: sql`${sessionNotes.version} + 1`, updatedAt: new Date() })
          .where(and(eq(sessionNotes.bookingId, bookingId), eq(sessionNotes.version, version)))
          .returning();
  if (!row) throw conflict(NOTES_STALE);
  return {
    bookingId,
    ...content,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
    sharedSentAt: row.sharedSentAt?.toISOString() ?? null,
  };
}

/**
 * Emails the shared notes and action items to the client, once the session has started; the email
 * itself is sealed in the outbox. Sending again (after an edit) is allowed: each send is recorded.
 */
export async function sendSharedNotes(bookingId: number, now = new Date()): Promise<SessionNotes> {
  const db = await database();
  await bookingExists(db, bookingId);
  if (!isEncryptionConfigured()) throw new HttpError(503, ENCRYPTION_KEY_MISSING);
  const brand = await mailBrand();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ notes: sessionNotes, booking: bookings, type: { intro: sessionTypes.intro, name: sessionTypes.name } })
      .from(bookings)
      .innerJoin(sessionTypes, eq(sessionTypes.id, bookings.sessionTypeId))
      .leftJoin(sessionNotes, eq(sessionNotes.bookingId, bookings.id))
      .where(eq(bookings.id, bookingId))
      .for('update', { of: bookings });
    const { notes: row, booking, type } = found!;
    if (booking.status === 'cancelled') throw conflict(NOTES_CANCELLED);
    if (booking.startsAt > now) throw conflict(NOTES_NOT_YET);
    const content = row ? await openNotes(row).catch((error) => Promise.reject(keyProblem(error))) : EMPTY_NOTES;
    if (!content.sharedNotes.trim() && content.actionItems.length === 0) throw conflict(NOTES_NOTHING_TO_SHARE);
    const email = sharedNotesEmail(brand, {
      name: booking.name,
      session: sessionName(type),
      start: booking.startsAt,
      timeZone: booking.timeZone,
      notesHtml: await renderPostBody(content.sharedNotes),
      notesText: content.sharedNotes,
      actionItems: content.actionItems,
    });
    await enqueueEmail(tx, { kind: 'session_notes', to: booking.email, sealed: true, ...email });
    const [saved] = await tx.update(sessionNotes).set({ sharedSentAt: now }).where(eq(sessionNotes.bookingId, bookingId)).returning();
    return toSessionNotes(saved!);
  });
}

/** The notes of these bookings, opened, for the client's privacy export; a note that cannot be opened says why. */
export async function notesForExport(bookingIds: number[]): Promise<Map<number, NotesContent | { unreadable: string }>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await (await database()).select().from(sessionNotes).where(inArray(sessionNotes.bookingId, bookingIds));
  const opened = await Promise.all(
    rows.map(async (row): Promise<[number, NotesContent | { unreadable: string }]> => {
      try {
        return [row.bookingId, await openNotes(row)];
      } catch (error) {
        return [row.bookingId, { unreadable: error instanceof Error ? error.message : String(error) }];
      }
    }),
  );
  return new Map(opened);
}

/** What the client has been sent of these sessions (their portal): shared notes as HTML and action items. */
export async function sharedWithClient(
  bookingIds: number[],
): Promise<Map<number, { html: string | null; actionItems: NotesContent['actionItems'] }>> {
  if (bookingIds.length === 0 || !isEncryptionConfigured()) return new Map();
  const rows = await (await database())
    .select()
    .from(sessionNotes)
    .where(and(inArray(sessionNotes.bookingId, bookingIds), isNotNull(sessionNotes.sharedSentAt)));
  const shared = await Promise.all(
    rows.map(async (row) => {
      // A note sealed with a key no longer held is left out rather than failing the whole portal.
      const content = await openNotes(row).catch(() => null);
      if (!content) return null;
      const html = content.sharedNotes.trim() ? await renderPostBody(content.sharedNotes) : null;
      return [row.bookingId, { html, actionItems: content.actionItems }] as const;
    }),
  );
  return new Map(shared.filter((entry) => entry !== null));
}

/** The client ticks an action item off (or back on): saved in the sealed notes, so the coach sees it. */
export async function tickActionItem(bookingId: number, index: number, done: boolean): Promise<NotesContent['actionItems']> {
  const db = await database();
  if (!isEncryptionConfigured()) throw new HttpError(503, ENCRYPTION_KEY_MISSING);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sessionNotes)
      .where(and(eq(sessionNotes.bookingId, bookingId), isNotNull(sessionNotes.sharedSentAt)))
      .for('update');
    const content = row ? await openNotes(row).catch((error) => Promise.reject(keyProblem(error))) : null;
    const item = content?.actionItems[index];
    if (!content || !item) throw notFound(PORTAL_ACTION_ITEM_NOT_FOUND);
    if (item.done !== done) {
      item.done = done;
      const sealed = await seal(JSON.stringify(content), notesContext(bookingId));
      await tx
        .update(sessionNotes)
        .set({ sealed, version: sql`${sessionNotes.version} + 1`, updatedAt: new Date() })
        .where(eq(sessionNotes.bookingId, bookingId));
    }
    return content.actionItems;
  });
}
