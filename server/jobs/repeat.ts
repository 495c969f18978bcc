import { log } from '../log.ts';

/**
 * Runs `pass` now and again and again: at once after a pass that found work (it returns more than
 * 0), else after `pollMs`. A failed pass is logged as `failure` and the next one tries again. The
 * timer does not keep the process alive. Returns a function that stops it and waits for the pass
 * in flight, so a graceful stop leaves nothing half done.
 */
export function repeat(pass: () => Promise<number>, pollMs: number, failure: string): () => Promise<void> {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const once = async () => {
    let found = 0;
    try {
      found = await pass();
    } catch (error) {
      // Once stopped, the database is closing: a pass cut short by it is not an error.
      if (!stopped) log('error', failure, { error: String(error) });
    }
    if (stopped) return;
    timer = setTimeout(run, found > 0 ? 0 : pollMs);
    timer.unref();
  };
  const run = () => {
    inFlight = once();
  };
  run();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  };
}
