'use client';

import { Download, Eraser, UserSearch } from 'lucide';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { plural } from '#src/lib/plural.ts';
import type { ErasureRequest } from '#src/schemas/portal.ts';
import { type PersonalDataSummary, privacyEmailSchema } from '#src/schemas/privacy.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { FormAlert, SearchField } from '../kit/fields.tsx';
import { FormSection } from '../kit/form-section.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { SUBSCRIBER_STATUS } from '../subscribers/subscriber-status.ts';
import { erasedTotal, erasePersonalData, exportUrl, fetchPersonalData, heldTotal } from './api.ts';
import { ErasureRequests } from './erasure-requests.tsx';

type Values = { email: string };

function validate({ email }: Values): Partial<Record<keyof Values, string>> {
  const result = privacyEmailSchema.safeParse(email);
  return result.success ? {} : { email: result.error.issues[0]?.message };
}

const SOURCES: Record<string, string> = {
  admin: 'added by you',
  import: 'imported',
  post: 'signup on a post',
  footer: 'signup in the footer',
  services: 'signup on the services page',
};

const CALL_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  confirmed: { label: 'Confirmed', tone: 'success' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

const EMAIL_KINDS: Record<string, string> = {
  contact_notification: 'Contact message notice to you',
  newsletter: 'Newsletter',
  newsletter_confirmation: 'Signup confirmation',
  newsletter_test: 'Newsletter test',
  booking_confirmation: 'Intro call booked',
  booking_notice: 'Intro call notice to you',
  booking_moved: 'Intro call moved',
  booking_moved_notice: 'Intro call moved, notice to you',
  booking_place_changed: 'Intro call: where it happens changed',
  booking_place_changed_notice: 'Intro call: where it happens changed, notice to you',
  booking_cancelled: 'Intro call cancelled',
  booking_cancelled_notice: 'Intro call cancelled, notice to you',
  booking_reminder: 'Intro call reminder',
  credit_low: 'One session credit left',
  credits_expiring: 'Session credits expiring',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  test: 'Test email',
  portal_sign_in: 'Client portal sign-in link',
};

const EMAIL_STATUS: Record<string, string> = {
  queued: 'queued',
  sending: 'sending',
  sent: 'sent',
  failed: 'failed',
  cancelled: 'cancelled',
};

const kindLabel = (kind: string) => EMAIL_KINDS[kind] ?? kind.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());

const Day = ({ iso }: { iso: string }) => <DateTime at={iso} style="date" className="whitespace-nowrap" />;

/** One kind of record: its heading with how many, and its rows, or 'None'. */
function Kind({ id, title, count, children }: { id: string; title: string; count: number; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`privacy-${id}-heading`}
      className="grid gap-x-6 gap-y-2 px-4 py-4 sm:grid-cols-[16rem_minmax(0,1fr)] sm:px-6"
      data-testid={`privacy-${id}`}
    >
      <h3 id={`privacy-${id}-heading`} className="font-sans text-base font-semibold">
        {title} <span className="font-normal text-muted">({count})</span>
      </h3>
      {count === 0 ? <p className="text-sm text-muted">None</p> : <ul className="min-w-0 space-y-3 text-sm">{children}</ul>}
    </section>
  );
}

/** A row: what it is, and a line of details under it. */
function Row({ main, details }: { main: ReactNode; details: ReactNode }) {
  return (
    <li className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 break-words font-medium text-ink [overflow-wrap:anywhere]">{main}</p>
      <p className="mt-0.5 text-muted [overflow-wrap:anywhere]">{details}</p>
    </li>
  );
}

const Dot = () => <span aria-hidden="true"> · </span>;

/** Everything the site holds about one address, by kind. */
function Held({ summary }: { summary: PersonalDataSummary }) {
  const { contactMessages, subscription, newsletterDeliveries, bookings, emails, client } = summary;
  return (
    <div className="divide-y divide-line">
      <Kind id="messages" title="Contact messages" count={contactMessages.length}>
        {contactMessages.map((message) => (
          <Row
            key={message.id}
            main={message.subject ?? <span className="font-normal italic text-muted">No subject</span>}
            details={
              <>
                From {message.name}
                <Dot />
                <Day iso={message.createdAt} />
              </>
            }
          />
        ))}
      </Kind>
      <Kind id="subscription" title="Newsletter subscription" count={subscription ? 1 : 0}>
        {subscription && (
          <Row
            main={
              <Badge tone={SUBSCRIBER_STATUS[subscription.status].tone} className="px-2 py-0.5">
                {SUBSCRIBER_STATUS[subscription.status].label}
              </Badge>
            }
            details={
              <>
                From {SOURCES[subscription.source] ?? subscription.source}
                <Dot />
                since <Day iso={subscription.createdAt} />
              </>
            }
          />
        )}
      </Kind>
      <Kind id="newsletters" title="Newsletters received" count={newsletterDeliveries.length}>
        {newsletterDeliveries.map((delivery, index) => (
          <Row key={index} main={delivery.newsletter} details={<Day iso={delivery.createdAt} />} />
        ))}
      </Kind>
      <Kind id="client" title="Client record" count={client ? 1 : 0}>
        {client && (
          <Row
            main={client.name}
            details={
              <>
                {client.status}
                <Dot />
                {plural(client.packages, 'package')}, {plural(client.creditMovements, 'credit movement')}
                <Dot />
                since <Day iso={client.createdAt} />
              </>
            }
          />
        )}
      </Kind>
      <Kind id="calls" title="Intro calls" count={bookings.length}>
        {bookings.map((call) => (
          <Row
            key={call.id}
            main={
              <>
                <DateTime at={call.start} />
                <Badge tone={CALL_STATUS[call.status]?.tone ?? 'neutral'} className="px-2 py-0.5">
                  {CALL_STATUS[call.status]?.label ?? call.status}
                </Badge>
              </>
            }
            details={
              <>
                booked <Day iso={call.createdAt} />
              </>
            }
          />
        ))}
      </Kind>
      <Kind id="emails" title="Emails sent to or about them" count={emails.length}>
        {emails.map((email) => (
          <Row
            key={email.id}
            main={email.subject}
            details={
              <>
                {kindLabel(email.kind)}
                <Dot />
                {EMAIL_STATUS[email.status] ?? email.status}
                <Dot />
                <Day iso={email.createdAt} />
              </>
            }
          />
        ))}
      </Kind>
    </div>
  );
}

/**
 * The Requests tab of /admin/privacy: look an address up, see everything held about it, export it
 * as one JSON file for the person, or erase it.
 */
export function RequestsPanel({ erasureRequests }: { erasureRequests: ErasureRequest[] }) {
  const form = useForm<Values>({ email: '' }, validate, 'privacy');
  const looking = useAction();
  const [summary, setSummary] = useState<PersonalDataSummary | null>(null);
  const [erasing, setErasing] = useState(false);
  /** Bumped by an erasure: the portal's requests are read again (the erased one is gone). */
  const [requestsVersion, setRequestsVersion] = useState(0);
  const latest = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const total = summary ? heldTotal(summary) : 0;

  /** Fetches the address's records; a later lookup wins over one still on its way. */
  async function lookUp(email: string) {
    const id = ++latest.current;
    const found = await looking.run(() => fetchPersonalData(email), { failureTitle: 'Failed to look up the address' }, { stay: true });
    if (found === FAILED || id !== latest.current) return;
    flushSync(() => setSummary(found));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(['email'])) return;
    await lookUp(form.values.email.trim());
  }

  async function erased() {
    setErasing(false);
    setRequestsVersion((version) => version + 1);
    if (!summary) return;
    await lookUp(summary.email);
    // The buttons are gone with what they acted on: the keyboard goes on from the result's heading.
    heading.current?.focus();
  }

  return (
    <div className="space-y-6">
      <ErasureRequests
        initial={erasureRequests}
        version={requestsVersion}
        onLookUp={(email) => {
          form.set('email', email);
          void lookUp(email);
        }}
      />
      <FormSection
        id="privacy-lookup"
        title="Look up a person"
        intro="The address they wrote from, subscribed with or booked with. Capital letters do not matter."
        layout="mt-5"
      >
        <form noValidate onSubmit={submit} aria-busy={looking.busy} className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <SearchField
            {...form.field('email')}
            label="Email address"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className="sm:max-w-md sm:flex-1"
          />
          <Button type="submit" disabled={looking.busy} className="shrink-0 sm:mt-[1.625rem]">
            <Icon shapes={UserSearch} aria-hidden="true" className="size-4" /> {looking.busy ? 'Looking up...' : 'Look up'}
          </Button>
        </form>
        <FormAlert message={looking.failure} className="mt-4" />
      </FormSection>

      <p aria-live="polite" className="sr-only">
        {summary && (total === 0 ? `Nothing is held about ${summary.email}.` : `${plural(total, 'record')} held about ${summary.email}.`)}
      </p>

      {summary && (
        <section aria-labelledby="privacy-result-heading" className="rounded-card border border-line bg-surface shadow-sm">
          <div className="flex flex-col gap-3 border-b border-line px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
            <div className="min-w-0">
              <h2
                id="privacy-result-heading"
                ref={heading}
                tabIndex={-1}
                className="rounded-sm text-lg font-semibold [overflow-wrap:anywhere] focus-visible:outline-offset-2"
              >
                Held about {summary.email}
              </h2>
              <p className="text-sm text-muted" data-testid="privacy-total">
                {plural(total, 'record')}
              </p>
            </div>
            {total > 0 && (
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <a href={exportUrl(summary.email)} download className={buttonClass('outline', 'md', 'whitespace-nowrap')}>
                  <Icon shapes={Download} aria-hidden="true" className="size-4" /> Export JSON
                </a>
                <Button variant="destructive" className="whitespace-nowrap" onClick={() => setErasing(true)}>
                  <Icon shapes={Eraser} aria-hidden="true" className="size-4" /> Erase everything
                </Button>
              </div>
            )}
          </div>
          {total === 0 ? (
            <EmptyState className="m-4 [overflow-wrap:anywhere] sm:m-6" message={`Nothing is held about ${summary.email}.`} />
          ) : (
            <Held summary={summary} />
          )}
        </section>
      )}

      <ConfirmDialog
        open={erasing && summary !== null}
        title={`Erase everything about ${summary?.email ?? ''}?`}
        description="This cannot be undone. Their messages, subscription, intro calls and the emails sent to or about them are deleted; upcoming calls are deleted without an email to the person. Newsletters they received keep an anonymous count."
        confirmLabel="Erase"
        busyLabel="Erasing..."
        onCancel={() => setErasing(false)}
        action={() => erasePersonalData(summary!.email)}
        success={(counts) => ({ title: `Erased: ${plural(erasedTotal(counts), 'record')}` })}
        failureTitle="Failed to erase"
        onDone={() => void erased()}
      />
    </div>
  );
}
