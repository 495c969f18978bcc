import { desc } from 'drizzle-orm';
import { subscribers } from '../../db/schema.ts';
import { database } from '../db.ts';

/** A newsletter subscriber as the admin API answers it (spec §3). */
export interface AdminSubscriber {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  createdAt: string;
}

/** Every subscriber, newest first. */
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
    .orderBy(desc(subscribers.createdAt), desc(subscribers.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
