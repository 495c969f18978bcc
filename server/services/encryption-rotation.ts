import { and, asc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { calendarAccounts, outboxEmails, sessionNotes } from '#db/schema.ts';
import { currentKeyId, ENCRYPTION_KEY_MISSING, SealedTextError, seal, unseal } from '../crypto/sealed-text.ts';
import { database } from '../db.ts';
import { sealContext } from '../mail/outbox.ts';
import { accountContext } from './calendars/accounts-secret.ts';
import { notesContext } from './practice/session-notes.ts';

// `bun run rotate-key` (README, "Encryption at rest"): re-encrypts every sealed value that is not yet
// under ENCRYPTION_KEY, opening it with ENCRYPTION_KEY_PREVIOUS. A batch at a time, each row locked
// while it changes, so the site may keep running (its instances read both keys meanwhile); a run
// that stops half-way is simply run again.

const BATCH = 100;

export interface RotationResult {
  notes: number;
  emails: number;
  calendars: number;
  /** Rows that open with neither key, each said in words: left as they are. */
  unreadable: string[];
}

/** Values not sealed with the key `keyId` names. */
const notUnder = (column: SQL | typeof sessionNotes.sealed, keyId: string) => sql`split_part(${column}, '.', 2) <> ${keyId}`;

/** One kind of sealed row: which rows still need the new key, and how one is re-sealed. */
interface SealedRows {
  /** Rows (their ids) not yet under the key, except those skipped, locked for the change. */
  due: (tx: Database, keyId: string, skipped: number[]) => Promise<number[]>;
  /** Opens the row's values with either key and seals them with the current one. */
  reseal: (tx: Database, id: number) => Promise<void>;
  /** How a row that would not open is named. */
  name: (id: number) => string;
}

/** Re-seals every due row of a kind, a batch per transaction; the number re-sealed. */
async function resealAll(rows: SealedRows, keyId: string, unreadable: string[]): Promise<number> {
  const db = await database();
  const skipped: number[] = [];
  let done = 0;
  for (;;) {
    const finished = await db.transaction(async (tx) => {
      const ids = await rows.due(tx, keyId, skipped);
      for (const id of ids) {
        try {
          await rows.reseal(tx, id);
          done++;
        } catch (error) {
          if (!(error instanceof SealedTextError)) throw error;
          skipped.push(id);
          unreadable.push(`${rows.name(id)}: ${error.message}`);
        }
      }
      return ids.length < BATCH;
    });
    if (finished) return done;
  }
}

const notes: SealedRows = {
  due: async (tx, keyId, skipped) =>
    (
      await tx
        .select({ id: sessionNotes.bookingId })
        .from(sessionNotes)
        .where(and(notUnder(sessionNotes.sealed, keyId), skipped.length ? notInArray(sessionNotes.bookingId, skipped) : undefined))
        .orderBy(asc(sessionNotes.bookingId))
        .limit(BATCH)
        .for('update')
    ).map((row) => row.id),
  reseal: async (tx, bookingId) => {
    const [row] = await tx.select({ sealed: sessionNotes.sealed }).from(sessionNotes).where(eq(sessionNotes.bookingId, bookingId));
    const context = notesContext(bookingId);
    await tx
      .update(sessionNotes)
      .set({ sealed: await seal(await unseal(row!.sealed, context), context) })
      .where(eq(sessionNotes.bookingId, bookingId));
  },
  name: (bookingId) => `The notes of booking ${bookingId}`,
};

const emails: SealedRows = {
  due: async (tx, keyId, skipped) =>
    (
      await tx
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.sealed, true),
            notUnder(sql`${outboxEmails.html}`, keyId),
            skipped.length ? notInArray(outboxEmails.id, skipped) : undefined,
          ),
        )
        .orderBy(asc(outboxEmails.id))
        .limit(BATCH)
        .for('update')
    ).map((row) => row.id),
  reseal: async (tx, id) => {
    const [row] = await tx
      .select({ messageId: outboxEmails.messageId, html: outboxEmails.html, text: outboxEmails.text })
      .from(outboxEmails)
      .where(eq(outboxEmails.id, id));
    const context = sealContext(row!.messageId);
    const [html, text] = await Promise.all([unseal(row!.html, context), unseal(row!.text, context)]);
    await tx
      .update(outboxEmails)
      .set({ html: await seal(html, context), text: await seal(text, context) })
      .where(eq(outboxEmails.id, id));
  },
  name: (id) => `Email ${id} in the outbox`,
};

const calendarSecrets: SealedRows = {
  due: async (tx, keyId, skipped) =>
    (
      await tx
        .select({ id: calendarAccounts.id })
        .from(calendarAccounts)
        .where(and(notUnder(sql`${calendarAccounts.secret}`, keyId), skipped.length ? notInArray(calendarAccounts.id, skipped) : undefined))
        .orderBy(asc(calendarAccounts.id))
        .limit(BATCH)
        .for('update')
    ).map((row) => row.id),
  reseal: async (tx, id) => {
    const [row] = await tx.select({ secret: calendarAccounts.secret }).from(calendarAccounts).where(eq(calendarAccounts.id, id));
    const context = accountContext(id);
    await tx
      .update(calendarAccounts)
      .set({ secret: await seal(await unseal(row!.secret, context), context) })
      .where(eq(calendarAccounts.id, id));
  },
  name: (id) => `The password or address of calendar account ${id}`,
};

export async function rotateEncryptionKey(): Promise<RotationResult> {
  const keyId = await currentKeyId();
  if (!keyId) throw new SealedTextError(ENCRYPTION_KEY_MISSING);
  const unreadable: string[] = [];
  return {
    notes: await resealAll(notes, keyId, unreadable),
    emails: await resealAll(emails, keyId, unreadable),
    calendars: await resealAll(calendarSecrets, keyId, unreadable),
    unreadable,
  };
}
