'use client';

import { Button } from '#src/components/ui/button.tsx';
import type { AdminNewsletter } from '#src/schemas/newsletter.ts';
import { useLoaded } from '../kit/use-loaded.ts';
import { previewNewsletter } from './api.ts';
import { NewsletterProgress } from './newsletter-progress.tsx';
import { NewsletterStatusBadge } from './newsletter-status.tsx';

interface NewsletterReportProps {
  newsletter: AdminNewsletter;
  onFresh: (newsletter: AdminNewsletter) => void;
  onClose: () => void;
}

/** A sending or sent newsletter: its state as the list says it, its progress, and the copy its readers got. */
export function NewsletterReport({ newsletter, onFresh, onClose }: NewsletterReportProps) {
  // The email as it arrives, through the renderer its readers' copies went through (issue 32 §6): never raw Markdown.
  const copy = useLoaded(newsletter.id, () => previewNewsletter({ subject: newsletter.subject, body: newsletter.body }));
  return (
    <section aria-labelledby="newsletter-report-heading" className="mt-8 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="newsletter-report-heading" className="text-xl font-semibold [overflow-wrap:anywhere]">
            {newsletter.subject}
          </h2>
          <NewsletterStatusBadge newsletter={newsletter} />
        </div>
        <Button variant="ghost" size="sm" className="shrink-0" onClick={onClose}>
          Close
        </Button>
      </div>
      <div className="mt-4">
        <NewsletterProgress newsletter={newsletter} onFresh={onFresh} />
      </div>
      <h3 className="mt-6 text-base font-semibold">The email as sent</h3>
      {copy.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {copy.error}
        </p>
      ) : copy.value ? (
        <iframe
          title="The newsletter as it arrived"
          sandbox=""
          srcDoc={copy.value.html}
          className="mt-2 h-[32rem] w-full rounded-control border border-line bg-white"
        />
      ) : (
        <div aria-hidden="true" className="mt-2 h-[32rem] w-full animate-pulse rounded-control bg-canvas" />
      )}
    </section>
  );
}
