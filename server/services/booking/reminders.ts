import { and, eq, gt, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Booking, bookings, clients } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { callReminderEmail } from '#server/mail/booking-templates.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { sameEmail } from '../same-email.ts';
import { readAvailability } from './availability.ts';
import { callOf, mailContext } from './calls.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 50;

/**
 * Queues the reminder of each confirmed call starting within a day. Rows are claimed with SKIP
 * LOCKED and marked in the transaction that queues their email: two instances never remind twice,
 * and a crash before the commit leaves the reminder for the next pass. Returns how many it queued.
 */
export async function queueDueReminders(now = new Date()): Promise<number> {
  const due = and(
    eq(bookings.status, 'confirmed'),
    isNull(bookings.remindedAt),
    gt(bookings.startsAt, now),
    lte(bookings.startsAt, new Date(now.getTime() + DAY_MS)),
  );
  const db = await database();
  // Most passes find nothing: one indexed read then, no transaction and no settings read.
  const [any] = await db.select({ id: bookings.id }).from(bookings).where(due).limit(1);
  if (!any) return 0;
  const ctx = await mailContext();
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(bookings).where(due).limit(BATCH).for('update', { skipLocked: true });
    for (const row of rows) {
      await tx.update(bookings).set({ remindedAt: now }).where(eq(bookings.id, row.id));
      // A client who turned reminders off in their portal is not reminded (the booking is still marked).
      if (!(await wantsReminders(tx, row))) continue;
      await enqueueEmail(tx, {
        kind: 'booking_reminder',
        to: row.email,
        ...callReminderEmail(ctx.brand, await callOf(tx, row), row.timeZone, ctx.manageUrl(row.id)),
      });
    }
    return rows.length;
  });
}

/** False when the booking's client (linked, or by address) turned reminders off in the portal. */
async function wantsReminders(tx: Database, row: Booking): Promise<boolean> {
  const [client] = await tx
    .select({ emailReminders: clients.emailReminders })
    .from(clients)
    .where(row.clientId ? eq(clients.id, row.clientId) : sameEmail(clients.email, row.email));
  return client?.emailReminders ?? true;
}

/** Deletes what visitors wrote about past calls (topic and intake answers) once the coach's retention period is over. */
export async function eraseOldTopics(now = new Date()): Promise<number> {
  const { topicRetentionDays } = await readAvailability();
  const db = await database();
  const erased = await db
    .update(bookings)
    .set({ topic: null, answers: null })
    .where(
      and(
        or(isNotNull(bookings.topic), isNotNull(bookings.answers)),
        lt(bookings.endsAt, new Date(now.getTime() - topicRetentionDays * DAY_MS)),
      ),
    )
    .returning({ id: bookings.id });
  return erased.length;
}
