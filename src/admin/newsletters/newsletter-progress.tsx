'use client';

import { useEffect, useState } from 'react';
import type { AdminNewsletter } from '#src/schemas/newsletter.ts';
import { fetchNewsletter } from './api.ts';

const POLL_MS = 1000;

/** A sending or sent newsletter's figures, refreshed every second while emails are still waiting. */
export function NewsletterProgress({ initial }: { initial: AdminNewsletter }) {
  const [newsletter, setNewsletter] = useState(initial);
  const { status, figures } = newsletter;
  const live = status === 'sending' || figures.queued > 0;

  useEffect(() => {
    if (!live) return;
    const timer = setInterval(() => {
      fetchNewsletter(initial.id).then(setNewsletter, () => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [live, initial.id]);

  const done = figures.delivered + figures.failed + figures.cancelled;
  const percent = figures.recipients === 0 ? 0 : Math.round((done / figures.recipients) * 100);
  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold">{status === 'sending' ? 'Queueing and sending…' : live ? 'Sending…' : 'Sent'}</span>
        <span className="text-muted" data-testid="newsletter-figures">
          {figures.queued} queued · {figures.delivered} delivered · {figures.failed} failed · {figures.cancelled} cancelled ·{' '}
          {figures.unsubscribedSince} unsubscribed since
        </span>
      </div>
      <progress
        className="mt-2 h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-primary-100 [&::-webkit-progress-value]:bg-primary-700"
        max={Math.max(1, figures.recipients)}
        value={done}
        aria-label={`${percent}% of ${figures.recipients} recipients done`}
      />
    </div>
  );
}
