'use client';

import { ArrowLeft, CheckCheck, Mail, Reply, Trash2 } from 'lucide';
import type { Ref } from 'react';
import { Button, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { AdminContactMessage } from '#src/schemas/contact-message.ts';
import { DateTime } from '../kit/time-zone.tsx';
import { NewBadge } from './message-list.tsx';
import { NO_SUBJECT, SELECT_A_MESSAGE } from './messages.ts';
import { mailtoAddress, replyMailto } from './reply-link.ts';

export interface MessageDetailProps {
  message: AdminContactMessage;
  coachName: string;
  marking: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}

/** One message in full. Every visitor-supplied field is rendered as text, never as HTML. */
export function MessageDetail({ message, coachName, marking, headingRef, onBack, onMarkRead, onDelete }: MessageDetailProps) {
  return (
    <article aria-labelledby="message-detail-name" className="flex min-w-0 flex-1 flex-col">
      <div className="border-b border-line px-4 py-3 md:hidden">
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2">
          <Icon shapes={ArrowLeft} aria-hidden="true" className="size-4" /> Back to messages
        </Button>
      </div>
      <header className="border-b border-line px-4 py-5 sm:px-6">
        <div className="flex flex-wrap items-center gap-2">
          <h2
            id="message-detail-name"
            ref={headingRef}
            tabIndex={-1}
            className="min-w-0 break-words text-2xl font-semibold [overflow-wrap:anywhere]"
          >
            {message.name}
          </h2>
          {!message.isRead && <NewBadge />}
        </div>
        <a
          href={mailtoAddress(message.email)}
          className="mt-1 inline-flex max-w-full items-center gap-1.5 rounded-sm text-primary-700 underline decoration-primary-300 underline-offset-4 hover:decoration-primary-700"
        >
          <Icon shapes={Mail} aria-hidden="true" className="size-4 shrink-0" />
          <span className="min-w-0 break-all">{message.email}</span>
        </a>
        <p className="mt-1 text-sm text-muted">
          <DateTime at={message.createdAt} />
        </p>
      </header>

      <div className="px-4 py-5 sm:px-6">
        <h3 className="font-sans text-xs font-semibold uppercase tracking-wider text-muted">Subject</h3>
        <p className={cn('mt-1 break-words font-semibold [overflow-wrap:anywhere]', !message.subject && 'font-normal italic text-muted')}>
          {message.subject || NO_SUBJECT}
        </p>
        <h3 className="mt-5 font-sans text-xs font-semibold uppercase tracking-wider text-muted">Message</h3>
        <p data-testid="message-body" className="mt-2 whitespace-pre-wrap break-words leading-7 [overflow-wrap:anywhere]">
          {message.message}
        </p>

        <details className="group mt-6 rounded-control border border-line bg-canvas">
          <summary className="cursor-pointer select-none rounded-control px-4 py-2.5 text-sm font-semibold text-primary-900">
            Technical details
          </summary>
          <dl className="grid gap-3 border-t border-line px-4 py-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
            <dt className="font-medium text-muted">IP address</dt>
            <dd className="-mt-2 break-all font-mono text-xs leading-5 sm:mt-0">{message.ipAddress ?? 'Not recorded'}</dd>
            <dt className="font-medium text-muted">User agent</dt>
            <dd className="-mt-2 break-all font-mono text-xs leading-5 sm:mt-0">{message.userAgent ?? 'Not recorded'}</dd>
          </dl>
        </details>
      </div>

      <div className="mt-auto flex flex-col gap-2 border-t border-line px-4 py-4 sm:flex-row sm:flex-wrap sm:px-6">
        <a href={replyMailto(message, coachName)} className={buttonClass('primary', 'md')}>
          <Icon shapes={Reply} aria-hidden="true" className="size-4" /> Reply via Email
        </a>
        {!message.isRead && (
          <Button variant="outline" onClick={onMarkRead} disabled={marking}>
            <Icon shapes={CheckCheck} aria-hidden="true" className="size-4" /> {marking ? 'Marking...' : 'Mark as Read'}
          </Button>
        )}
        {/* button.tsx has no destructive variant: the outline look, in red. */}
        <button
          type="button"
          onClick={onDelete}
          className="inline-flex h-11 items-center justify-center gap-2 rounded-control border border-red-200 bg-surface px-5 text-sm font-semibold text-red-700 transition-colors hover:bg-red-50 sm:ml-auto"
        >
          <Icon shapes={Trash2} aria-hidden="true" className="size-4" /> Delete
        </button>
      </div>
    </article>
  );
}

export function NoMessageSelected() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 py-16 text-center text-muted">
      <Icon shapes={Mail} aria-hidden="true" className="size-10 text-primary-300" />
      <p className="mt-3 font-medium">{SELECT_A_MESSAGE}</p>
      <p className="mt-1 text-sm">Choose a message from the list to read it here.</p>
    </div>
  );
}
