import { sql } from 'drizzle-orm';
import { database } from '../db.ts';
import { serviceUnavailable } from '../errors.ts';

const HEALTH_TIMEOUT_MS = 5_000;

/** One real round trip to the database, bounded so a hung connection still gets an answer. */
export async function checkDatabase(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceUnavailable()), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([database().then((db) => db.execute(sql`select 1`)), timeout]);
  } catch {
    throw serviceUnavailable();
  } finally {
    clearTimeout(timer);
  }
}
