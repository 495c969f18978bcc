// Waiting in the fault tests: a pause, and a poll until a condition holds.

export const sleep = (ms: number) => Bun.sleep(ms);

export interface PollOptions {
  /** Given up after this long; 30 s unless told. */
  timeoutMs?: number;
  /** The pause between two reads; 100 ms unless told. */
  everyMs?: number;
}

/**
 * Reads `read()` until `done` holds of its value or `timeoutMs` has passed (a read every `everyMs`);
 * answers the last value read, whether `done` held or not (the caller asserts on it).
 */
export async function poll<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  { timeoutMs = 30_000, everyMs = 100 }: PollOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() <= deadline) {
    await sleep(everyMs);
    value = await read();
  }
  return value;
}

/** As `poll`, but throws `${what}: still <last value>` when `done` never held. */
export async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  options: PollOptions = {},
): Promise<T> {
  const value = await poll(read, done, options);
  if (!done(value)) throw new Error(`${what}: still ${JSON.stringify(value)}`);
  return value;
}
