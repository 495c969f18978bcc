import { eq } from 'drizzle-orm';
import { jobRuns } from '#db/schema.ts';
import { database } from '../db.ts';

export const SCHEDULER_JOB = 'publish-scheduled';

/** Records a background job's run (any instance's): when, and why it failed when it did. */
export async function recordJobRun(name: string, intervalMs: number, error: string | null): Promise<void> {
  const db = await database();
  const run = { lastRunAt: new Date(), lastError: error, intervalMs };
  await db
    .insert(jobRuns)
    .values({ name, ...run })
    .onConflictDoUpdate({ target: jobRuns.name, set: run });
}

export async function lastJobRun(name: string) {
  const db = await database();
  const [run] = await db.select().from(jobRuns).where(eq(jobRuns.name, name));
  return run;
}
