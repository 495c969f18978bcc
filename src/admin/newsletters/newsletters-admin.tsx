'use client';

import { Plus } from 'lucide';
import { useCallback, useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { type AdminNewsletter, NEWSLETTER_PAGE_SIZE, type NewsletterPage } from '#src/schemas/newsletter.ts';
import { EmptyState } from '../kit/empty-state.tsx';
import { SwitchField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { useAction } from '../kit/use-action.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { fetchNewsletters, setNewsletterSignup } from './api.ts';
import { NewsletterEditor } from './newsletter-editor.tsx';
import { NewsletterReport } from './newsletter-report.tsx';
import { NewsletterStatusBadge, shownStatus } from './newsletter-status.tsx';

const when = (newsletter: AdminNewsletter) => {
  const shown = shownStatus(newsletter);
  const [label, iso] =
    shown === 'sent' && newsletter.sentAt !== null
      ? ['Sent', newsletter.sentAt]
      : shown === 'sending' && newsletter.startedAt !== null
        ? ['Started', newsletter.startedAt]
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
  const { data, setData, refetching, refetch } = useServerData(initial, () => fetchNewsletters(page.current), {
    title: 'Failed to load newsletters',
  });
  const pages = Math.max(1, Math.ceil(data.total / NEWSLETTER_PAGE_SIZE));
  const [open, setOpen] = useState<AdminNewsletter | 'new' | null>(null);
  const [signup, setSignup] = useState(signupOn);
  const { busy, run } = useAction();
  // The screen holds one copy of each newsletter (issue 32 §6): the list's row is what the detail
  // shows, and each fresher copy (the detail's progress) replaces it in both at once.
  const opened = open === null || open === 'new' ? null : (data.newsletters.find((newsletter) => newsletter.id === open.id) ?? open);
  const showFresh = useCallback(
    (fresh: AdminNewsletter) => {
      setOpen((current) => (current !== null && current !== 'new' && current.id === fresh.id ? fresh : current));
      setData((current) => ({ ...current, newsletters: current.newsletters.map((row) => (row.id === fresh.id ? fresh : row)) }));
    },
    [setData],
  );

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

  const editing = opened === null || opened.status === 'draft' || opened.status === 'scheduled';
  return (
    <>
      <div className="mt-6 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-5">
        <SwitchField
          id="newsletter-signup-switch"
          label="Newsletter signup on the site"
          hint="Shows the signup after every post, in the footer of the other pages and on the services page, and opens the home page's Weekly Newsletter card."
          checked={signup}
          disabled={busy}
          onChange={toggleSignup}
        />
      </div>

      {open !== null &&
        (editing ? (
          <NewsletterEditor
            key={opened?.id ?? 'new'}
            newsletter={opened}
            posts={posts}
            activeSubscribers={data.activeSubscribers}
            onChanged={refetch}
            onClose={() => setOpen(null)}
            onSent={setOpen}
          />
        ) : (
          <NewsletterReport newsletter={opened} onFresh={showFresh} onClose={() => setOpen(null)} />
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
                    <NewsletterStatusBadge newsletter={newsletter} />
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
