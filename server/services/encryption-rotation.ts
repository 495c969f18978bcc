import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import { outboxEmails, sessionNotes } from '#db/schema.ts';
import { currentKeyId, ENCRYPTION_KEY_MISSING, SealedTextError, seal, unseal } from '../crypto/sealed-text.ts';
import { database } from '../db.ts';
import { sealContext } from '../mail/outbox.ts';
import { notesContext } from './practice/session-notes.ts';

// `bun run rotate-key` (README, "Encryption at rest"): re-encrypts every sealed value that is not yet
// under ENCRYPTION_KEY, opening it with ENCRYPTION_KEY_PREVIOUS. A batch at a time, each row locked
// while it changes, so the site may keep running (its instances read both keys meanwhile); a run
// that stops half-way is simply run again.

const BATCH = 100;

export interface RotationResult {
  notes: number;
  emails: number;
  /** Rows that open with neither key, each said in words: left as they are. */
  unreadable: string[];
}

/** Values not sealed with the key `keyId` names. */
const notUnder = (column: typeof sessionNotes.sealed | typeof outboxEmails.html, keyId: string) =>
  sql`split_part(${column}, '.', 2) <> ${keyId}`;

export async function rotateEncryptionKey(): Promise<RotationResult> {
  const keyId = await currentKeyId();
  if (!keyId) throw new SealedTextError(ENCRYPTION_KEY_MISSING);
  const db = await database();
  const result: RotationResult = { notes: 0, emails: 0, unreadable: [] };
  const skippedNotes: number[] = [];
  const skippedEmails: number[] = [];
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(sessionNotes)
        .where(
          and(notUnder(sessionNotes.sealed, keyId), skippedNotes.length ? notInArray(sessionNotes.bookingId, skippedNotes) : undefined),
        )
        .orderBy(asc(sessionNotes.bookingId))
        .limit(BATCH)
        .for('update');
      for (const row of rows) {
        const context = notesContext(row.bookingId);
        try {
          const sealed = await seal(await unseal(row.sealed, context), context);
          await tx.update(sessionNotes).set({ sealed }).where(eq(sessionNotes.bookingId, row.bookingId));
          result.notes++;
        } catch (error) {
          if (!(error instanceof SealedTextError)) throw error;
          skippedNotes.push(row.bookingId);
          result.unreadable.push(`The notes of booking ${row.bookingId}: ${error.message}`);
        }
      }
      return rows.length < BATCH;
    });
    if (done) break;
  }
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: outboxEmails.id, messageId: outboxEmails.messageId, html: outboxEmails.html, text: outboxEmails.text })
        .from(outboxEmails)
        .where(
          and(
            eq(outboxEmails.sealed, true),
            notUnder(outboxEmails.html, keyId),
            skippedEmails.length ? notInArray(outboxEmails.id, skippedEmails) : undefined,
          ),
        )
        .orderBy(asc(outboxEmails.id))
        .limit(BATCH)
        .for('update');
      for (const row of rows) {
        const context = sealContext(row.messageId);
        try {
          const [html, text] = await Promise.all([unseal(row.html, context), unseal(row.text, context)]);
          await tx
            .update(outboxEmails)
            .set({ html: await seal(html, context), text: await seal(text, context) })
            .where(eq(outboxEmails.id, row.id));
          result.emails++;
        } catch (error) {
          if (!(error instanceof SealedTextError)) throw error;
          skippedEmails.push(row.id);
          result.unreadable.push(`Email ${row.id} in the outbox: ${error.message}`);
        }
      }
      return rows.length < BATCH;
    });
    if (done) break;
  }
  return result;
}
