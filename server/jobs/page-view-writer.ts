import { writePageViews } from '../services/analytics/page-views.ts';
import { repeat } from './repeat.ts';

/** Writes the page views counted in memory every half second; at shutdown, the last ones. */
export function startPageViewWriter(intervalMs = 500): () => Promise<void> {
  // Each pass ends with a pause, even after writing: views arrive one by one, a batch is what is wanted.
  const stop = repeat(
    async () => {
      await writePageViews();
      return 0;
    },
    intervalMs,
    'page_views_write_failed',
  );
  return async () => {
    await stop();
    await writePageViews().catch(() => {});
  };
}
