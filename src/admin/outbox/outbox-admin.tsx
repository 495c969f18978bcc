'use client';

import { Mail, MailWarning, RotateCcw, Send } from 'lucide';
import { useRef, useState } from 'react';
import { Badge, type BadgeTone } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import {
  OUTBOX_STATUS_FILTERS,
  type OutboxEmailDetail,
  type OutboxPage,
  type OutboxStatus,
  type OutboxStatusFilter,
} from '#src/schemas/outbox.ts';
import { Dialog } from '../kit/dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { FormAlert, Options, SelectField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { Tabs } from '../kit/tabs.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useLoaded } from '../kit/use-loaded.ts';
import { useServerData } from '../kit/use-server-data.ts';
import { fetchOutbox, fetchOutboxEmail, resendOutboxEmail, retryOutboxEmail, sendTestEmail } from './api.ts';

const STATUS_TONES: Record<OutboxStatus, BadgeTone> = {
  queued: 'neutral',
  sending: 'primary',
  sent: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};
const STATUS_LABELS: Record<OutboxStatusFilter, string> = {
  all: 'All emails',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const When = ({ iso }: { iso: string }) => <DateTime at={iso} />;

function StatusBadge({ status }: { status: OutboxStatus }) {
  return (
    <Badge tone={STATUS_TONES[status]} className="px-2 py-0.5">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

/** Says whether email leaves the site, and how to make it. */
function DeliveryBanner({ configured, onSent }: { configured: boolean; onSent: () => void }) {
  const sending = useAction();
  if (!configured) {
    return (
      <div role="status" className="mt-6 flex gap-3 rounded-card border border-accent-300 bg-accent-50 p-4 text-sm sm:p-5">
        <Icon shapes={MailWarning} aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-800" />
        <div>
          <p className="font-semibold text-primary-950">Email is not configured</p>
          <p className="mt-1 text-ink">
            Emails are kept here and not sent. To send them, set <code>SMTP_URL</code> to your email provider's SMTP server (
            <code>smtp://user:password@host:587</code>) and <code>MAIL_FROM</code> to the sender (
            <code>"Your Name" &lt;you@your-domain&gt;</code>
            ), then restart the site. Everything queued here is delivered then.
          </p>
        </div>
      </div>
    );
  }
  async function sendTest() {
    const result = await sending.run(
      sendTestEmail,
      {
        // The server answered either way: its refusal is the result, not a failure of the request.
        success: (answer) =>
          answer.sent
            ? { title: 'Test email sent', description: `To ${answer.to}. The server answered: ${answer.response}` }
            : { variant: 'destructive', title: 'The SMTP server refused the test email', description: answer.response },
        failureTitle: 'Failed to send the test email',
      },
      { stay: true },
    );
    if (result !== FAILED) onSent();
  }
  return (
    <div className="mt-6 flex flex-col gap-3 rounded-card border border-line bg-surface p-4 text-sm shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="flex items-center gap-2 text-ink">
        <Icon shapes={Mail} aria-hidden="true" className="size-4 text-primary-700" /> Email is delivered through your SMTP server.
      </p>
      <Button variant="outline" size="sm" onClick={sendTest} disabled={sending.busy}>
        <Icon shapes={Send} aria-hidden="true" className="size-4" /> {sending.busy ? 'Sending...' : 'Send test email'}
      </Button>
    </div>
  );
}

/** docs/architecture.md "Email": every email the site sends, its delivery and its content. */
export function OutboxAdmin({ initialPage }: { initialPage: OutboxPage }) {
  const query = useRef<{ status: OutboxStatusFilter; page: number }>({ status: 'all', page: 1 });
  const { data, refetching, refetch } = useServerData(initialPage, () => fetchOutbox(query.current.status, query.current.page), {
    title: 'Failed to load the outbox',
  });
  const [openId, setOpenId] = useState<number | null>(null);
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));

  function show(status: OutboxStatusFilter, page: number) {
    query.current = { status, page };
    void refetch();
  }

  return (
    <>
      <DeliveryBanner configured={data.configured} onSent={refetch} />
      <ListPanel
        name="outbox"
        title="Emails"
        count={`${data.counts.queued} queued · ${data.counts.sending} sending · ${data.counts.sent} sent · ${data.counts.failed} failed`}
        refreshing={refetching}
        controls={
          <SelectField
            id="outbox-status"
            label="Show"
            className="w-full sm:w-48"
            value={query.current.status}
            onChange={(event) => show(event.target.value as OutboxStatusFilter, 1)}
          >
            <Options items={OUTBOX_STATUS_FILTERS.map((id) => ({ id, name: STATUS_LABELS[id] }))} />
          </SelectField>
        }
      >
        {data.emails.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message={query.current.status === 'all' ? 'No emails yet.' : 'No emails with this status.'} />
        ) : (
          <ul className="divide-y divide-line">
            {data.emails.map((email) => (
              <li key={email.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(email.id)}
                  className="flex w-full flex-col gap-1.5 px-4 py-4 text-left hover:bg-canvas sm:px-6"
                >
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="min-w-0 break-words font-semibold text-primary-950 [overflow-wrap:anywhere]">{email.subject}</span>
                    <StatusBadge status={email.status} />
                  </span>
                  <span className="text-sm text-muted">
                    To <span className="break-all text-ink">{email.toAddress}</span> · <When iso={email.createdAt} />
                    {email.attempts > 1 && ` · ${email.attempts} attempts`}
                  </span>
                  {email.lastError && <span className="line-clamp-2 text-sm text-red-700">{email.lastError}</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
        <Pager label="Outbox pages" page={data.page} pages={pages} onPage={(page) => show(query.current.status, page)} />
      </ListPanel>
      <EmailDialog
        id={openId}
        onClose={() => setOpenId(null)}
        onRetried={() => {
          setOpenId(null);
          void refetch();
        }}
      />
    </>
  );
}

/** One email as it was queued: its delivery, headers, and both bodies (the HTML in a sandbox). */
function EmailDialog({ id, onClose, onRetried }: { id: number | null; onClose: () => void; onRetried: () => void }) {
  const { value: email, error: loadError } = useLoaded(id, fetchOutboxEmail);
  const { busy, failure, run } = useAction();

  async function retry(target: OutboxEmailDetail) {
    const done = await run(() => retryOutboxEmail(target.id), {
      success: { title: 'Email queued again' },
      failureTitle: 'Failed to retry the email',
    });
    if (done !== FAILED) onRetried();
  }

  async function resend(target: OutboxEmailDetail) {
    const done = await run(() => resendOutboxEmail(target.id), {
      success: { title: 'Email queued to send again', description: target.toAddress },
      failureTitle: 'Failed to send the email again',
    });
    if (done !== FAILED) onRetried();
  }

  return (
    <Dialog open={id !== null} onOpenChange={(open) => open || onClose()} title={email?.subject ?? 'Email'} className="max-w-3xl">
      <FormAlert message={loadError ?? failure} />
      {!email && !loadError && <p className="text-sm text-muted">Loading...</p>}
      {email && (
        <div className="space-y-5">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_minmax(0,1fr)]">
            <dt className="font-semibold">Status</dt>
            <dd>
              <StatusBadge status={email.status} /> {email.attempts} {email.attempts === 1 ? 'attempt' : 'attempts'}
            </dd>
            <dt className="font-semibold">To</dt>
            <dd className="break-all">{email.toAddress}</dd>
            <dt className="font-semibold">Queued</dt>
            <dd>
              <When iso={email.createdAt} />
            </dd>
            {email.sentAt && (
              <>
                <dt className="font-semibold">Sent</dt>
                <dd>
                  <When iso={email.sentAt} />
                </dd>
              </>
            )}
            {email.status === 'queued' && email.attempts > 0 && (
              <>
                <dt className="font-semibold">Next attempt</dt>
                <dd>
                  <When iso={email.nextAttemptAt} />
                </dd>
              </>
            )}
            {email.lastError && (
              <>
                <dt className="font-semibold">Last error</dt>
                <dd className="break-words text-red-700">{email.lastError}</dd>
              </>
            )}
            {email.smtpResponse && (
              <>
                <dt className="font-semibold">Server answer</dt>
                <dd className="break-words">{email.smtpResponse}</dd>
              </>
            )}
            <dt className="font-semibold">Message-ID</dt>
            <dd className="break-all font-mono text-xs">{email.messageId}</dd>
            {Object.entries(email.headers).map(([name, value]) => (
              <HeaderRow key={name} name={name} value={value} />
            ))}
          </dl>
          <div className="flex flex-wrap items-center gap-3">
            {email.status === 'failed' && (
              <Button variant="outline" onClick={() => retry(email)} disabled={busy}>
                <Icon shapes={RotateCcw} aria-hidden="true" className="size-4" /> {busy ? 'Retrying...' : 'Retry'}
              </Button>
            )}
            {email.status !== 'queued' && email.status !== 'sending' && (
              <Button variant="outline" onClick={() => resend(email)} disabled={busy}>
                <Icon shapes={Send} aria-hidden="true" className="size-4" /> Send Again
              </Button>
            )}
          </div>
          <p className="text-sm text-muted">
            Links that act for their reader (a password reset, a booking’s own page) are shown here without their token. Send Again sends
            the email as it was written to {email.toAddress}.
          </p>
          <Tabs
            label="Email body"
            tabs={[
              {
                id: 'html',
                label: 'HTML',
                panel: (
                  // No scripts, forms or same-origin access: the email is shown, never run.
                  <iframe
                    title="The email as HTML"
                    sandbox=""
                    srcDoc={email.html}
                    className="h-[28rem] w-full rounded-control border border-line bg-white"
                  />
                ),
              },
              {
                id: 'text',
                label: 'Plain text',
                panel: (
                  <pre className="max-h-[28rem] overflow-auto whitespace-pre-wrap rounded-control border border-line bg-canvas p-4 text-sm">
                    {email.text}
                  </pre>
                ),
              },
            ]}
          />
        </div>
      )}
    </Dialog>
  );
}

function HeaderRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt className="font-semibold">{name}</dt>
      <dd className="break-all">{value}</dd>
    </>
  );
}
