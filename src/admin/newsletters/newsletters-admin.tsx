'use client';

import { Plus } from 'lucide';
import { useRef, useState } from 'react';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { type AdminNewsletter, NEWSLETTER_PAGE_SIZE, type NewsletterPage, type NewsletterStatus } from '#src/schemas/newsletter.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { SwitchField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { useAction } from '../kit/use-action.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { fetchNewsletters, setNewsletterSignup } from './api.ts';
import { NewsletterEditor } from './newsletter-editor.tsx';
import { NewsletterProgress } from './newsletter-progress.tsx';

const STATUS: Record<NewsletterStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  scheduled: { label: 'Scheduled', tone: 'accent' },
  sending: { label: 'Sending', tone: 'primary' },
  sent: { label: 'Sent', tone: 'success' },
};

const when = (newsletter: AdminNewsletter) => {
  const [label, iso] =
    newsletter.sentAt !== null
      ? ['Sent', newsletter.sentAt]
      : newsletter.scheduledFor !== null
        ? ['Scheduled for', newsletter.scheduledFor]
        : ['Created', newsletter.createdAt];
  return (
    <>
      {label} <DateTime at={iso} />
    </>
  );
};

interface NewslettersAdminProps {
  initial: NewsletterPage;
  posts: Array<{ id: number; name: string }>;
  signupOn: boolean;
}

/** The newsletter screen: the signup switch, the newsletters with their figures, and the editor. */
export function NewslettersAdmin({ initial, posts, signupOn }: NewslettersAdminProps) {
  const page = useRef(initial.page);
  const { data, refetching, refetch } = useServerData(initial, () => fetchNewsletters(page.current), {
    title: 'Failed to load newsletters',
  });
  const pages = Math.max(1, Math.ceil(data.total / NEWSLETTER_PAGE_SIZE));
  const [open, setOpen] = useState<AdminNewsletter | 'new' | null>(null);
  const [signup, setSignup] = useState(signupOn);
  const { busy, run } = useAction();

  async function toggleSignup(on: boolean) {
    setSignup(on);
    const done = await run(
      () => setNewsletterSignup(on),
      {
        success: { title: on ? 'Newsletter signup is on' : 'Newsletter signup is off' },
        failureTitle: 'Failed to change the setting',
      },
      { stay: true },
    );
    if (typeof done === 'symbol') setSignup(!on);
  }

  const editing = open === 'new' || (open !== null && (open.status === 'draft' || open.status === 'scheduled'));
  return (
    <>
      <div className="mt-6 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5">
        <SwitchField
          id="newsletter-signup-switch"
          label="Newsletter signup on the site"
          hint="Shows the signup on every post, in the footer and on the services page, and opens the home page's Weekly Newsletter card."
          checked={signup}
          disabled={busy}
          onChange={toggleSignup}
        />
      </div>

      {open !== null &&
        (editing ? (
          <NewsletterEditor
            key={open === 'new' ? 'new' : open.id}
            newsletter={open === 'new' ? null : open}
            posts={posts}
            activeSubscribers={data.activeSubscribers}
            onChanged={refetch}
            onClose={() => setOpen(null)}
            onSent={setOpen}
          />
        ) : (
          <section
            aria-labelledby="newsletter-report-heading"
            className="mt-8 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6"
          >
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="newsletter-report-heading" className="text-xl font-semibold [overflow-wrap:anywhere]">
                {open.subject}
              </h2>
              <Button variant="ghost" size="sm" onClick={() => setOpen(null)}>
                Close
              </Button>
            </div>
            <div className="mt-4">
              <NewsletterProgress initial={open} />
            </div>
            <pre className="mt-5 max-h-80 overflow-auto whitespace-pre-wrap rounded-control bg-canvas p-4 text-sm">{open.body}</pre>
          </section>
        ))}

      <ListPanel
        name="newsletters"
        title="Newsletters"
        count={`${data.total} ${data.total === 1 ? 'newsletter' : 'newsletters'} · ${data.activeSubscribers} active subscribers`}
        refreshing={refetching}
        controls={
          <Button onClick={() => setOpen('new')}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> New newsletter
          </Button>
        }
      >
        {data.total === 0 ? (
          <EmptyState className="m-4 sm:m-6" message="No newsletters yet. Write the first one, or start from a post." />
        ) : (
          <ul className="divide-y divide-line">
            {data.newsletters.map((newsletter) => (
              <li key={newsletter.id}>
                <button
                  type="button"
                  onClick={() => setOpen(newsletter)}
                  className="flex w-full flex-col gap-1.5 px-4 py-4 text-left hover:bg-canvas sm:px-6"
                >
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="min-w-0 break-words font-semibold text-primary-950 [overflow-wrap:anywhere]">
                      {newsletter.subject}
                    </span>
                    <Badge tone={STATUS[newsletter.status].tone} className="px-2 py-0.5">
                      {STATUS[newsletter.status].label}
                    </Badge>
                  </span>
                  <span className="text-sm text-muted">
                    {when(newsletter)}
                    {newsletter.figures.recipients > 0 &&
                      ` · ${newsletter.figures.delivered} of ${newsletter.figures.recipients} delivered · ${newsletter.figures.failed} failed · ${newsletter.figures.unsubscribedSince} unsubscribed since`}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Pager
          label="Newsletter pages"
          page={data.page}
          pages={pages}
          onPage={(next) => {
            page.current = next;
            void refetch();
          }}
        />
      </ListPanel>
    </>
  );
}
