import { desc, eq } from 'drizzle-orm';
import { subscribers } from '../../db/schema.ts';
import type { AdminSubscriber } from '../../src/schemas/subscriber.ts';
import { database } from '../db.ts';

/** Every active subscriber (confirmed, not unsubscribed), newest first. */
export async function listSubscribers(): Promise<AdminSubscriber[]> {
  const db = await database();
  const rows = await db
    .select({
      id: subscribers.id,
      firstName: subscribers.firstName,
      lastName: subscribers.lastName,
      email: subscribers.email,
      createdAt: subscribers.createdAt,
    })
    .from(subscribers)
    .where(eq(subscribers.status, 'active'))
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
