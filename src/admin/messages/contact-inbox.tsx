'use client';

import { Inbox, RefreshCw } from 'lucide';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { errorMessage } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';
import { useToast } from '#src/lib/toast-store.ts';
import { type AdminContactMessage, type AdminContactMessagePage, CONTACT_MESSAGE_PAGE_SIZE } from '#src/schemas/contact-message.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { Pager } from '../kit/pager.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deleteContactMessage, fetchContactMessages, markMessageRead } from './api.ts';
import { MessageDetail, NoMessageSelected } from './message-detail.tsx';
import { MessageList, MessageListSkeleton } from './message-list.tsx';
import { countLine, INBOX_TITLE, LOAD_FAILED, MARK_READ_FAILED, MARKED_READ, NO_MESSAGES } from './messages.ts';

// The md breakpoint of the theme (docs/product.md §9): below it the detail replaces the list.
const WIDE_QUERY = '(min-width: 48rem)';
const isWide = () => typeof window !== 'undefined' && window.matchMedia(WIDE_QUERY).matches;

export interface ContactInboxProps {
  /** The first page and the inbox's counts. */
  initial: AdminContactMessagePage;
  /** The message `openId` names when it is not on the first page (an old one a notice linked to). */
  opened?: AdminContactMessage | null;
  /** Signs the reply template (docs/decisions.md: the coach name comes from the site configuration). */
  coachName: string;
  /** Opened at once (the link in the coach's email notice names it). */
  openId?: number | null;
}

const DELETE_MESSAGE: DeleteTexts<AdminContactMessage> = {
  title: 'Delete Message',
  question: (message) => `Are you sure you want to delete the message from ${message.name}? This cannot be undone.`,
  success: { title: 'Message deleted' },
  failureTitle: 'Failed to delete message',
};

/**
 * docs/product.md §2 "Admin contact messages": list and detail side by side on wide screens; on phones
 * the detail takes the list's place and a back button returns to it.
 */
export function ContactInbox({ initial, opened = null, coachName, openId = null }: ContactInboxProps) {
  const toast = useToast();
  const page = useRef(initial.page);
  const { data, setData, refetching, refetch, dropRefetch } = useServerData(initial, () => fetchContactMessages(page.current), {
    title: LOAD_FAILED,
  });
  const messages = data.messages;
  const pages = Math.max(1, Math.ceil(data.total / CONTACT_MESSAGE_PAGE_SIZE));
  const [offPage, setOffPage] = useState<AdminContactMessage | null>(opened);
  const [selectedId, setSelectedId] = useState<number | null>(openId);
  const [markingId, setMarkingId] = useState<number | null>(null);
  const deleting = useDeleteState<AdminContactMessage>();
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const selected = messages.find((message) => message.id === selectedId) ?? (offPage?.id === selectedId ? offPage : null);
  // With nothing to select, the list's own empty state (or its skeletons) takes the whole width.
  const twoPanes = messages.length > 0 || selected !== null;

  // On phones the pane that had focus disappears: focus follows to the one that replaces it.
  const focusAfterRender = (target: { current: HTMLElement | null }) => requestAnimationFrame(() => target.current?.focus());

  // Issue 32 §7: opening a message marks it read, quietly (the button's toast is for the button).
  // A message being marked is not sent again, so a second click cannot count it twice.
  const beingMarked = useRef(new Set<number>());
  function readOnOpen(message: AdminContactMessage | null) {
    if (message && !message.isRead && !beingMarked.current.has(message.id)) void markRead(message, { quiet: true });
  }

  // The message the page opened with (the email notice's link names it) is opened once hydrated.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the message the page opened with, once.
  useEffect(() => readOnOpen(selected), []);

  function select(id: number) {
    setSelectedId(id);
    readOnOpen(messages.find((message) => message.id === id) ?? null);
    if (!isWide()) focusAfterRender(detailHeading);
  }

  function showPage(next: number) {
    page.current = next;
    void refetch();
  }

  function back() {
    setSelectedId(null);
    focusAfterRender(listHeading);
  }

  async function markRead(message: AdminContactMessage, { quiet = false } = {}) {
    beingMarked.current.add(message.id);
    setMarkingId(message.id);
    try {
      const updated = await markMessageRead(message.id);
      dropRefetch();
      setData((current) => ({
        ...current,
        messages: current.messages.map((m) => (m.id === message.id ? updated : m)),
        unread: message.isRead ? current.unread : Math.max(0, current.unread - 1),
      }));
      setOffPage((current) => (current?.id === message.id ? updated : current));
      if (!quiet) toast({ title: MARKED_READ });
    } catch (error) {
      toast({ variant: 'destructive', title: MARK_READ_FAILED, description: errorMessage(error) });
    } finally {
      beingMarked.current.delete(message.id);
      setMarkingId(null);
    }
  }

  function removed({ id, isRead }: AdminContactMessage) {
    dropRefetch();
    const onPage = messages.some((m) => m.id === id);
    setData((current) => ({
      ...current,
      messages: current.messages.filter((m) => m.id !== id),
      total: Math.max(0, current.total - 1),
      unread: isRead ? current.unread : Math.max(0, current.unread - 1),
    }));
    setOffPage((current) => (current?.id === id ? null : current));
    setSelectedId(null);
    // The last message of a later page went: show the page before it rather than an empty inbox.
    if (onPage && messages.length === 1 && page.current > 1) showPage(page.current - 1);
    focusAfterRender(listHeading);
  }

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">{INBOX_TITLE}</h1>
          <p className="mt-1 text-muted" aria-live="polite">
            {countLine(data.total, data.unread)}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={refetch} disabled={refetching}>
          <Icon shapes={RefreshCw} aria-hidden="true" className={cn('size-4', refetching && 'animate-spin')} />
          {refetching ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>

      <div
        className={cn(
          'mt-6 grid overflow-hidden rounded-card border border-line bg-surface shadow-sm',
          twoPanes && 'md:min-h-[32rem] md:grid-cols-[minmax(16rem,22rem)_1fr]',
        )}
      >
        <section
          aria-labelledby="inbox-list-heading"
          aria-busy={refetching}
          className={cn('min-w-0', twoPanes && 'md:border-r md:border-line', selected && 'hidden md:block')}
        >
          <h2 id="inbox-list-heading" ref={listHeading} tabIndex={-1} className="sr-only">
            Messages
          </h2>
          {messages.length > 0 ? (
            <>
              <MessageList messages={messages} selectedId={selectedId} onSelect={select} />
              <Pager label="Message pages" page={data.page} pages={pages} onPage={showPage} />
            </>
          ) : refetching ? (
            <MessageListSkeleton />
          ) : (
            <div className="flex flex-col items-center px-6 py-16 text-center text-muted">
              <Icon shapes={Inbox} aria-hidden="true" className="size-10 text-primary-300" />
              <p className="mt-3 font-medium">{NO_MESSAGES}</p>
              <p className="mt-1 text-sm">Messages sent through the contact form appear here.</p>
            </div>
          )}
        </section>
        {twoPanes && (
          <section
            aria-label="Message"
            className={cn('min-w-0 flex-col border-t border-line md:flex md:border-t-0', selected ? 'flex border-t-0' : 'hidden')}
          >
            {selected ? (
              <MessageDetail
                key={selected.id}
                message={selected}
                coachName={coachName}
                marking={markingId === selected.id}
                headingRef={detailHeading}
                onBack={back}
                onMarkRead={() => markRead(selected)}
                onDelete={() => deleting.ask(selected)}
              />
            ) : (
              <NoMessageSelected />
            )}
          </section>
        )}
      </div>

      <DeleteDialog state={deleting} texts={DELETE_MESSAGE} remove={(message) => deleteContactMessage(message.id)} onDeleted={removed} />
    </>
  );
}
