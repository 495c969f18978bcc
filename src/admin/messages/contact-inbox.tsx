'use client';

import { Inbox, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useToast } from '../../lib/toast-store.ts';
import type { AdminContactMessage } from '../../schemas/contact-message.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deleteContactMessage, fetchContactMessages, markMessageRead } from './api.ts';
import { MessageDetail, NoMessageSelected } from './message-detail.tsx';
import { MessageList, MessageListSkeleton } from './message-list.tsx';
import { countLine, INBOX_TITLE, LOAD_FAILED, MARK_READ_FAILED, MARKED_READ, NO_MESSAGES } from './messages.ts';

// The md breakpoint of the theme (docs/product.md §9): below it the detail replaces the list.
const WIDE_QUERY = '(min-width: 48rem)';
const isWide = () => typeof window !== 'undefined' && window.matchMedia(WIDE_QUERY).matches;

export interface ContactInboxProps {
  initialMessages: AdminContactMessage[];
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
export function ContactInbox({ initialMessages, coachName, openId = null }: ContactInboxProps) {
  const toast = useToast();
  const {
    data: messages,
    setData: setMessages,
    refetching,
    refetch,
    dropRefetch,
  } = useServerData(initialMessages, fetchContactMessages, { title: LOAD_FAILED });
  const [selectedId, setSelectedId] = useState<number | null>(openId);
  const [markingId, setMarkingId] = useState<number | null>(null);
  const deleting = useDeleteState<AdminContactMessage>();
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const selected = messages.find((message) => message.id === selectedId) ?? null;
  const unread = messages.filter((message) => !message.isRead).length;
  // With nothing to select, the list's own empty state (or its skeletons) takes the whole width.
  const twoPanes = messages.length > 0;

  // On phones the pane that had focus disappears: focus follows to the one that replaces it.
  const focusAfterRender = (target: { current: HTMLElement | null }) => requestAnimationFrame(() => target.current?.focus());

  function select(id: number) {
    setSelectedId(id);
    if (!isWide()) focusAfterRender(detailHeading);
  }

  function back() {
    setSelectedId(null);
    focusAfterRender(listHeading);
  }

  async function markRead(message: AdminContactMessage) {
    setMarkingId(message.id);
    try {
      const updated = await markMessageRead(message.id);
      dropRefetch();
      setMessages((current) => current.map((m) => (m.id === message.id ? updated : m)));
      toast({ title: MARKED_READ });
    } catch (error) {
      toast({ variant: 'destructive', title: MARK_READ_FAILED, description: errorMessage(error) });
    } finally {
      setMarkingId(null);
    }
  }

  function removed({ id }: AdminContactMessage) {
    dropRefetch();
    setMessages((current) => current.filter((m) => m.id !== id));
    setSelectedId(null);
    focusAfterRender(listHeading);
  }

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">{INBOX_TITLE}</h1>
          <p className="mt-1 text-muted" aria-live="polite">
            {countLine(messages.length, unread)}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={refetch} disabled={refetching}>
          <RefreshCw aria-hidden="true" className={cn('size-4', refetching && 'animate-spin')} />
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
            <MessageList messages={messages} selectedId={selectedId} onSelect={select} />
          ) : refetching ? (
            <MessageListSkeleton />
          ) : (
            <div className="flex flex-col items-center px-6 py-16 text-center text-muted">
              <Inbox aria-hidden="true" className="size-10 text-primary-300" />
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
