import { env } from '../env.ts';
import { log } from '../log.ts';
import { recordJobRun, SCHEDULER_JOB } from '../services/job-runs.ts';
import { publishDuePosts } from '../services/posts/writes.ts';

/**
 * Runs publishDuePosts now (a post that fell due while the app was down goes out at start) and
 * then every `intervalMs`. A failure is logged and the next run tries again: the site keeps
 * serving, and a due post is published by the first run that reaches the database. Each run is
 * recorded (job_runs) for the schedule screen. The timer does not keep the process alive.
 * Returns a function that stops it.
 */
export function startScheduler(intervalMs = env().SCHEDULER_INTERVAL_MS): () => void {
  let running = false;
  let stopped = false;
  const run = async () => {
    // A slow run (database away) is not stacked on by the next tick.
    if (running) return;
    running = true;
    let failure: string | null = null;
    try {
      const published = await publishDuePosts();
      if (published > 0) log('info', 'scheduled_posts_published', { count: published });
    } catch (error) {
      failure = String(error);
      // Once stopped, the database is closing: a run cut short by it is not an error.
      if (!stopped) log('error', 'scheduled_publishing_failed', { error: failure });
    }
    // With the database away this fails too: the screen then shows the last run that was recorded.
    if (!stopped) await recordJobRun(SCHEDULER_JOB, intervalMs, failure).catch(() => {});
    running = false;
  };
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}
