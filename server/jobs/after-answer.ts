import { log } from '../log.ts';

// Work that must not change how long a request takes (a lookup that would tell whether an account
// or a subscription exists): started after the answer is decided, awaited at shutdown.

const inFlight = new Set<Promise<void>>();

/** Runs `work` in the background; a failure is logged as `event`. */
export function afterAnswer(event: string, work: () => Promise<void>, fields: Record<string, unknown> = {}): void {
  const job: Promise<void> = work()
    .catch((error: unknown) => log('error', event, { ...fields, error: String(error) }))
    .finally(() => inFlight.delete(job));
  inFlight.add(job);
}

/** Waits for the work still running (at shutdown, and in tests). */
export async function settleAfterAnswer(): Promise<void> {
  while (inFlight.size > 0) await Promise.all(inFlight);
}
