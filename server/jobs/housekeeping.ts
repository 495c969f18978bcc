import { sql } from 'drizzle-orm';
import { databaseHandle } from '../db.ts';
import { log } from '../log.ts';
import { deleteOldSalts } from '../services/analytics/page-views.ts';
import { rollUpPageViews } from '../services/analytics/reports.ts';
import { deleteExpiredAudit } from '../services/audit.ts';
import { eraseOldTopics } from '../services/booking/reminders.ts';
import { deleteExpiredSignups } from '../services/newsletter/signup.ts';
import { thinAutosaves } from '../services/posts/revisions.ts';
import { applyContactRetention } from '../services/privacy.ts';
import { repeat } from './repeat.ts';

const HOURLY = 60 * 60 * 1000;

/**
 * Deletes what the site must not keep, in every instance, at start and then hourly: newsletter
 * signups whose confirmation link expired (7 days) unconfirmed, analytics salts of past days,
 * raw page views past 30 days once their days are rolled up, the topics of past intro calls
 * after the coach's retention period, and contact messages' IP addresses and user agents (30 days by
 * default) and the messages themselves when the coach set a period (server/services/privacy.ts),
 * audit entries past a year, and autosaves older than a day beyond one per post and day. Each step is one idempotent statement,
 * so two instances running it at once only find nothing left to do. On PGlite, which has no
 * autovacuum, each pass after the first then vacuums and analyzes the database (under half a second at 100,000 posts):
 * without statistics the planner walks every post for a search the trigram indexes answer, and
 * counts cannot be read from an index alone.
 */
export function startHousekeeping(pollMs = HOURLY): () => Promise<void> {
  // Not on the pass at start: a VACUUM holds PGlite's one connection while a restarted server's
  // first requests (an editor's autosave) wait behind it.
  let vacuumDue = false;
  return repeat(
    async () => {
      const signups = await deleteExpiredSignups();
      if (signups > 0) log('info', 'expired_signups_deleted', { count: signups });
      await deleteOldSalts();
      const days = await rollUpPageViews();
      if (days > 0) log('info', 'page_views_rolled_up', { days });
      const topics = await eraseOldTopics();
      if (topics > 0) log('info', 'booking_topics_erased', { count: topics });
      const contact = await applyContactRetention();
      if (contact.networkCleared + contact.messagesDeleted > 0) log('info', 'contact_retention_applied', contact);
      const audit = await deleteExpiredAudit();
      if (audit > 0) log('info', 'audit_entries_expired', { count: audit });
      const autosaves = await thinAutosaves();
      if (autosaves > 0) log('info', 'autosaves_thinned', { count: autosaves });
      const handle = await databaseHandle();
      if (handle.engine === 'pglite' && vacuumDue) await handle.db.execute(sql`vacuum (analyze)`);
      vacuumDue = true;
      // Nothing is run again at once: what a pass leaves is for the next hour.
      return 0;
    },
    pollMs,
    'housekeeping_failed',
  );
}
