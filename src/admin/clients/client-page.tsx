'use client';

import { Gift, Pencil, Repeat, SlidersHorizontal } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Link } from 'waku';
import { Badge } from '#src/components/ui/badge.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { plural } from '#src/lib/plural.ts';
import { CLIENT_STATUS_LABELS, type ClientDetail, type ClientPackageBalance, type TimelineEvent } from '#src/schemas/client.ts';
import { adjustCreditsSchema, grantPackageSchema, PACKAGE_LIMITS, type SessionPackage } from '#src/schemas/credits.ts';
import { answerText } from '#src/schemas/intake-answers.ts';
import type { PortalAccess } from '#src/schemas/portal.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { NumberField, Options, SelectField, TextField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { adjustCredits, fetchClient, grantPackage } from './api.ts';
import { ClientDialog } from './client-dialog.tsx';
import { STATUS_TONE } from './clients-admin.tsx';
import { packageTerms } from './packages-panel.tsx';
import { PortalPanel } from './portal-panel.tsx';
import { SeriesDialog } from './series-dialog.tsx';

// Admin → Clients → one client (issue 35 §2, §3): the details the coach keeps, their packages with
// what is left (granted, adjusted with a reason), and everything about them, newest first.

export function ClientPage({
  initial,
  packages,
  sessionTypes,
  coachTimeZone,
  portal,
}: {
  initial: ClientDetail;
  /** Their use of the client portal (issue 36 §5). */
  portal: PortalAccess;
  packages: SessionPackage[];
  /** What a series can book: every session type but the free intro call. */
  sessionTypes: ReadonlyArray<{ id: number; name: string }>;
  /** The zone of the coach's booking hours, in which a series' dates are read. */
  coachTimeZone: string;
}) {
  const [client, setClient] = useState(initial);
  const [editing, setEditing] = useState(false);
  const [granting, setGranting] = useState(false);
  const [adjusting, setAdjusting] = useState<ClientPackageBalance | null>(null);
  const [bookingSeries, setBookingSeries] = useState(false);
  const reload = async () => setClient(await fetchClient(client.id));

  return (
    <>
      <section aria-labelledby="client-details-heading" className="mt-6 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="client-details-heading" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
              Details
              <Badge tone={STATUS_TONE[client.status]} className="px-2 py-0.5">
                {CLIENT_STATUS_LABELS[client.status]}
              </Badge>
            </h2>
            <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              {(
                [
                  ['Email', client.email],
                  ['Phone', client.phone || '—'],
                  ['Organisation', client.organisation || '—'],
                  ['Time zone', client.timeZone ?? 'As their bookings say'],
                  ['Tags', client.tags.join(', ') || '—'],
                  ['Newsletter', client.newsletter ?? 'Not subscribed'],
                ] as const
              ).map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="font-medium text-ink">{term}</dt>
                  <dd className="break-all text-muted">{value}</dd>
                </div>
              ))}
            </dl>
          </div>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Icon shapes={Pencil} aria-hidden="true" className="size-4" /> Edit
          </Button>
        </div>
      </section>

      <PortalPanel clientId={client.id} initial={portal} />

      <ListPanel
        name="client-packages"
        title="Packages"
        count={`${plural(client.creditsLeft, 'credit')} left`}
        refreshing={false}
        className="mt-6"
        controls={
          <Button variant="outline" onClick={() => setGranting(true)} disabled={packages.length === 0}>
            <Icon shapes={Gift} aria-hidden="true" className="size-4" /> Grant a Package
          </Button>
        }
      >
        {client.packages.length === 0 ? (
          <EmptyState
            className="m-4 sm:m-6"
            message={packages.length ? 'No package granted yet.' : 'Add a package on the Clients screen first.'}
          />
        ) : (
          <ul className="divide-y divide-line">
            {client.packages.map((grant) => (
              <li
                key={grant.id}
                className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-6"
                data-testid="client-package"
              >
                <div className="min-w-0">
                  <p className="font-semibold text-primary-950">
                    {grant.name}: {grant.left} of {plural(grant.sessions, 'session')} left
                  </p>
                  <p className="text-sm text-muted">
                    {grant.expiresAt ? (
                      <>
                        {grant.expired ? 'Expired' : 'Use by'} <DateTime at={grant.expiresAt} style="date" />
                      </>
                    ) : (
                      'No expiry'
                    )}
                    {grant.note && <> · {grant.note}</>}
                  </p>
                </div>
                <Button variant="outline" size="sm" className="self-start sm:self-center" onClick={() => setAdjusting(grant)}>
                  <Icon shapes={SlidersHorizontal} aria-hidden="true" className="size-4" /> Adjust
                  <span className="sr-only"> {grant.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListPanel>

      <ListPanel
        name="client-timeline"
        title="Timeline"
        count={plural(client.timeline.length, 'event')}
        refreshing={false}
        className="mt-6"
        controls={
          <Button variant="outline" onClick={() => setBookingSeries(true)} disabled={sessionTypes.length === 0}>
            <Icon shapes={Repeat} aria-hidden="true" className="size-4" /> Book a Series
          </Button>
        }
      >
        {client.timeline.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message="Nothing yet." />
        ) : (
          <ol className="divide-y divide-line">
            {client.timeline.map((event, index) => (
              <li key={`${event.kind}-${event.at}-${index}`} className="px-4 py-3 text-sm sm:px-6">
                <p className="text-muted">
                  <DateTime at={event.at} />
                </p>
                <TimelineLine event={event} />
              </li>
            ))}
          </ol>
        )}
      </ListPanel>

      <ClientDialog
        open={editing}
        client={client}
        onClose={() => setEditing(false)}
        onSaved={async () => {
          setEditing(false);
          await reload();
        }}
      />
      <SeriesDialog
        open={bookingSeries}
        client={client}
        sessionTypes={sessionTypes}
        coachTimeZone={coachTimeZone}
        onClose={() => setBookingSeries(false)}
        onBooked={async () => {
          setBookingSeries(false);
          await reload();
        }}
      />
      <Dialog open={granting} onOpenChange={(open) => open || setGranting(false)} title={`Grant a package to ${client.name}`}>
        {granting && (
          <GrantForm
            clientId={client.id}
            packages={packages}
            onCancel={() => setGranting(false)}
            onDone={async () => {
              setGranting(false);
              await reload();
            }}
          />
        )}
      </Dialog>
      <Dialog
        open={adjusting !== null}
        onOpenChange={(open) => open || setAdjusting(null)}
        title={adjusting ? `Adjust ${adjusting.name}` : 'Adjust credits'}
        description="Add credits (a positive number) or take some away (a negative one). The reason is kept in the ledger."
      >
        {adjusting && (
          <AdjustForm
            clientId={client.id}
            grant={adjusting}
            onCancel={() => setAdjusting(null)}
            onDone={async () => {
              setAdjusting(null);
              await reload();
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function TimelineLine({ event }: { event: TimelineEvent }) {
  switch (event.kind) {
    case 'booking':
      return (
        <div className="text-ink">
          <p>
            Booked {event.session} for <DateTime at={event.start} />
            {event.status === 'cancelled' && ' (cancelled)'} ·{' '}
            <Link to={`/admin/bookings/${event.id}`} className="font-medium text-primary-700 underline">
              Notes<span className="sr-only"> of this session</span>
            </Link>
          </p>
          {event.answers?.map((asked) => (
            <p key={asked.question} className="text-muted">
              {asked.question}: {answerText(asked.answer)}
            </p>
          ))}
        </div>
      );
    case 'notes':
      return (
        <p className="text-ink">
          You wrote{' '}
          <Link to={`/admin/bookings/${event.id}`} className="font-medium text-primary-700 underline">
            notes
          </Link>{' '}
          on the {event.session} of <DateTime at={event.start} style="date" />
        </p>
      );
    case 'message':
      return <p className="text-ink">Sent a message: {event.subject || 'No subject'}</p>;
    case 'credit':
      return (
        <p className="text-ink">
          {event.movement} ({event.amount > 0 ? `+${event.amount}` : event.amount}), {event.package}
          {event.reason && <span className="text-muted"> · {event.reason}</span>}
        </p>
      );
    case 'email':
      return (
        <p className="text-ink">
          Email: {event.subject} <span className="text-muted">({event.status})</span>
        </p>
      );
  }
}

function GrantForm({
  clientId,
  packages,
  onCancel,
  onDone,
}: {
  clientId: number;
  packages: SessionPackage[];
  onCancel: () => void;
  onDone: () => void;
}) {
  const inputOf = (draft: { packageId: string; note: string }) => ({ packageId: Number(draft.packageId), note: draft.note });
  const form = useForm(
    { packageId: String(packages[0]?.id ?? ''), note: '' },
    (draft) => fieldErrors(grantPackageSchema.safeParse(inputOf(draft))),
    'grant',
  );
  const { busy, failure, run } = useAction();
  const chosen = packages.find((pack) => String(pack.id) === form.values.packageId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const { packageId, note } = inputOf(form.values);
    const done = await run(() => grantPackage(clientId, packageId, note), {
      success: { title: 'Package granted', description: chosen?.name },
      failureTitle: 'Failed to grant the package',
      fieldError: form.showServerError,
    });
    if (done !== FAILED) onDone();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <SelectField {...form.field('packageId')} label="Package" hint={chosen ? packageTerms(chosen) : undefined}>
        <Options items={packages} />
      </SelectField>
      <TextField {...form.field('note')} label="Note" optional hint="Such as “paid by bank transfer” or “complimentary”." />
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel="Grant Package" busyLabel="Granting..." />
    </form>
  );
}

function AdjustForm({
  clientId,
  grant,
  onCancel,
  onDone,
}: {
  clientId: number;
  grant: ClientPackageBalance;
  onCancel: () => void;
  onDone: () => void;
}) {
  const inputOf = (draft: { amount: string; reason: string }) => ({
    amount: draft.amount.trim() === '' ? null : Number(draft.amount),
    reason: draft.reason,
  });
  const form = useForm({ amount: '', reason: '' }, (draft) => fieldErrors(adjustCreditsSchema.safeParse(inputOf(draft))), 'adjust');
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const { amount, reason } = adjustCreditsSchema.parse(inputOf(form.values));
    const done = await run(() => adjustCredits(clientId, grant.id, amount, reason), {
      success: { title: 'Credits adjusted', description: `${amount > 0 ? '+' : ''}${amount} on ${grant.name}` },
      failureTitle: 'Failed to adjust the credits',
      fieldError: form.showServerError,
    });
    if (done !== FAILED) onDone();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <p className="text-sm text-muted">{plural(grant.left, 'credit')} left now.</p>
      <NumberField {...form.field('amount')} label="Credits to add or take away" limits={PACKAGE_LIMITS.adjust} />
      <TextField {...form.field('reason')} label="Reason" />
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel="Adjust Credits" />
    </form>
  );
}
