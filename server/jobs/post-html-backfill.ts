import { log } from '../log.ts';
import { backfillPostHtml } from '../services/posts/html.ts';
import { repeat } from './repeat.ts';

const HOURLY = 60 * 60 * 1000;

/**
 * Renders, in batches by id, every post whose stored HTML is missing or from an older renderer
 * (server/services/posts/html.ts): at start (after the migration that added the column, or a
 * deploy that bumped RENDER_VERSION), then hourly for rows written around the app. A post viewed
 * before its turn is rendered by that view. Two instances doing it at once store the same HTML.
 */
export function startPostHtmlBackfill(pollMs = HOURLY): () => Promise<void> {
  let afterId = 0;
  let rendered = 0;
  return repeat(
    async () => {
      const batch = await backfillPostHtml(afterId);
      rendered += batch.rendered;
      if (batch.lastId !== null) {
        afterId = batch.lastId;
        return 1;
      }
      if (rendered > 0) log('info', 'post_html_rendered', { count: rendered });
      afterId = 0;
      rendered = 0;
      return 0;
    },
    pollMs,
    'post_html_backfill_failed',
  );
}
