'use client';

import type { AdminPage, PageContent, PageKey } from '#src/schemas/site-content/pages.ts';
import { HistoryPanel } from '../kit/revision-history/history-panel.tsx';
import { fetchPageRevision, fetchPageRevisions } from './api.ts';
import { PageDiff } from './page-diff.tsx';

const RESTORE_PAGE_CONFIRM =
  'Its sections and search texts replace the page’s now, and the public page changes at once. The current content stays in the history.';

/** A page's history (issue 31, "revisions like posts"): the kit's, each revision diffed as text against the editor's content. */
export function PageHistory({
  pageKey,
  current,
  restore,
  onRestored,
}: {
  pageKey: PageKey;
  current: PageContent;
  /** The editor's restore, from the version it is based on. */
  restore: (revisionId: number) => Promise<AdminPage>;
  onRestored: (page: AdminPage) => void;
}) {
  return (
    <HistoryPanel
      id="page-history"
      open
      className="mt-4"
      source={{ list: () => fetchPageRevisions(pageKey), one: (revisionId) => fetchPageRevision(pageKey, revisionId), restore }}
      diff={(revision) => <PageDiff before={revision.content} after={current} />}
      restoreWarning={RESTORE_PAGE_CONFIRM}
      onRestored={onRestored}
    />
  );
}
