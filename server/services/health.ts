import { sql } from 'drizzle-orm';
import { database, databaseHandle } from '../db.ts';
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

/** A query lost its connection this recently, or the database does not answer now (bounded as above). */
export async function databaseUnavailable(withinMs = 10_000): Promise<boolean> {
  const handle = await databaseHandle().catch(() => undefined);
  if (!handle || Date.now() - handle.lastConnectionErrorAt() < withinMs) return true;
  return checkDatabase().then(
    () => false,
    () => true,
  );
}
