'use client';

import { useEffect } from 'react';
import type { AdminNewsletter } from '#src/schemas/newsletter.ts';
import { fetchNewsletter } from './api.ts';
import { shownStatus } from './newsletter-status.tsx';

const POLL_MS = 1000;

interface NewsletterProgressProps {
  newsletter: AdminNewsletter;
  /** Each fresher copy, every second while emails are still waiting: the screen's one copy of it. */
  onFresh: (newsletter: AdminNewsletter) => void;
}

/** A sending or sent newsletter's figures, followed live while emails are still waiting. */
export function NewsletterProgress({ newsletter, onFresh }: NewsletterProgressProps) {
  const { id, figures } = newsletter;
  const live = shownStatus(newsletter) === 'sending';

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      fetchNewsletter(id).then(onFresh, () => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live, id, onFresh]);

  const done = figures.delivered + figures.failed + figures.cancelled;
  const percent = figures.recipients === 0 ? 0 : Math.round((done / figures.recipients) * 100);
  return (
    <div>
      {/* Its state is the badge beside the subject, the same as the list's. */}
      <p className="text-sm text-muted" data-testid="newsletter-figures">
        {figures.queued} queued · {figures.delivered} delivered · {figures.failed} failed · {figures.cancelled} cancelled ·{' '}
        {figures.unsubscribedSince} unsubscribed since
      </p>
      <progress
        className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-primary-100 [&::-webkit-progress-value]:bg-primary-700"
        max={Math.max(1, figures.recipients)}
        value={done}
        aria-label={`${percent}% of ${figures.recipients} recipients done`}
      />
    </div>
  );
}
