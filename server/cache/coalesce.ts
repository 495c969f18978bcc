/**
 * Shares one round trip among concurrent callers while keeping its guarantee: each caller waits
 * for a round trip that began after it called. Callers arriving while one is in flight wait for
 * the next, which starts when the current one ends and serves all of them — under load, one
 * database round trip per round-trip time instead of one per request.
 */
export function coalesce<T>(roundTrip: () => Promise<T>): () => Promise<T> {
  let running: Promise<void> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const trip = roundTrip();
    const current: Promise<void> = trip.then(ignore, ignore).then(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return trip;
  };
  return () => {
    if (!running) return start();
    queued ??= running.then(() => {
      queued = undefined;
      return start();
    });
    return queued;
  };
}

const ignore = () => {};
