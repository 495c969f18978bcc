import { eq, sql } from 'drizzle-orm';
import { rateLimits } from '#db/schema.ts';
import { database } from '../db.ts';
import { HttpError } from '../errors.ts';

export class RateLimitedError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export interface RateLimitHit {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Counts one attempt under `key` in a fixed window, in Postgres so every instance shares it.
 * One atomic upsert: concurrent attempts can never overshoot the limit.
 */
export async function hitRateLimit(key: string, limit: number, windowMs: number): Promise<RateLimitHit> {
  const db = await database();
  const windowEnd = sql`now() + ${`${windowMs} milliseconds`}::interval`;
  const expired = sql`${rateLimits.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowEndsAt: windowEnd })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
        windowEndsAt: sql`case when ${expired} then ${windowEnd} else ${rateLimits.windowEndsAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.windowEndsAt} - now())))::int`,
    });
  return { allowed: row!.count <= limit, retryAfterSeconds: row!.retryAfterSeconds };
}

/** Throws 429 with the wait in minutes when the attempt is over the limit. */
export async function enforceRateLimit(key: string, limit: number, windowMs: number, message: (minutes: number) => string): Promise<void> {
  const hit = await hitRateLimit(key, limit, windowMs);
  if (!hit.allowed) throw new RateLimitedError(message(Math.ceil(hit.retryAfterSeconds / 60)), hit.retryAfterSeconds);
}

/** Forgets every attempt under `key` (a successful login clears its e-mail's counter). */
export async function clearRateLimit(key: string): Promise<void> {
  const db = await database();
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Takes back one counted attempt (a successful login is not a failure against its IP). */
export async function releaseRateLimit(key: string): Promise<void> {
  const db = await database();
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}
