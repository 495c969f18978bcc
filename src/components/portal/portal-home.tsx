'use client';

import { CalendarClock, CalendarPlus, LogOut } from 'lucide';
import { useCallback, useEffect, useState } from 'react';
import { ApiError, call, errorMessage, portalApi } from '#src/lib/api-client.ts';
import { formatDate } from '#src/lib/format-date.ts';
import type { PortalOverview, PortalPackage, PortalPast, PortalProfile, PortalUpcoming } from '#src/schemas/portal.ts';
import { CallTime, useVisitorLocale } from '../booking/booking-flow.tsx';
import { CallPlaceLine } from '../booking/call-place.tsx';
import { SessionRules } from '../booking/manage-booking.tsx';
import { browserTimeZone } from '../booking/slot-times.ts';
import { Button, ButtonLink, buttonClass } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { Bone } from '../ui/skeleton.tsx';
import { PortalBrowsers } from './portal-browsers.tsx';
import { PortalDetails } from './portal-details.tsx';
import { PortalIntake } from './portal-intake.tsx';
import { PortalPayments } from './portal-payments.tsx';
import { PortalSignIn } from './portal-sign-in.tsx';

/** 'intro call' starts a heading as 'Intro call'. */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const card = 'rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6';

type State = { kind: 'loading' } | { kind: 'signed-out' } | { kind: 'failed'; message: string } | { kind: 'in'; overview: PortalOverview };

/** /portal: the signed-in client's sessions, packages and notes; the sign-in form for anyone else. */
export function PortalHome() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const load = useCallback(() => {
    call(portalApi.me.$get())
      .then((overview) => setState({ kind: 'in', overview }))
      .catch((error: unknown) =>
        setState(
          error instanceof ApiError && error.status === 401
            ? { kind: 'signed-out' }
            : { kind: 'failed', message: errorMessage(error, 'Your portal could not be loaded. Please try again.') },
        ),
      );
  }, []);
  useEffect(load, [load]);

  if (state.kind === 'loading') return <PortalSkeleton />;
  if (state.kind === 'signed-out') return <PortalSignIn onSignedIn={load} />;
  if (state.kind === 'failed')
    return (
      <p role="alert" className={`${card} mx-auto max-w-md text-center text-ink`}>
        {state.message}
      </p>
    );
  return (
    <SignedIn
      overview={state.overview}
      onProfile={(client) => setState({ kind: 'in', overview: { ...state.overview, client } })}
      onChanged={load}
      onSignedOut={() => setState({ kind: 'signed-out' })}
    />
  );
}

function SignedIn({
  overview,
  onProfile,
  onChanged,
  onSignedOut,
}: {
  overview: PortalOverview;
  onProfile: (profile: PortalProfile) => void;
  /** Something changed on the server: read the portal again. */
  onChanged: () => void;
  onSignedOut: () => void;
}) {
  const locale = useVisitorLocale();
  const [timeZone, setTimeZone] = useState(overview.client.timeZone ?? 'UTC');
  useEffect(() => setTimeZone(overview.client.timeZone ?? browserTimeZone()), [overview.client.timeZone]);

  async function signOut() {
    await call(portalApi['sign-out'].$post()).catch(() => undefined);
    onSignedOut();
  }

  return (
    <div className="mx-auto max-w-3xl space-y-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-xl font-semibold text-ink">Hello, {overview.client.name}</p>
        <Button variant="outline" size="sm" onClick={() => void signOut()}>
          <Icon shapes={LogOut} aria-hidden="true" className="size-4" />
          Sign out
        </Button>
      </div>

      <section aria-labelledby="upcoming-heading" className="space-y-4">
        <h2 id="upcoming-heading" className="text-2xl font-semibold">
          Upcoming sessions
        </h2>
        {overview.upcoming.length === 0 ? (
          <p className={`${card} text-muted`}>You have no sessions booked.</p>
        ) : (
          overview.upcoming.map((session) => (
            <Upcoming key={session.id} session={session} timeZone={timeZone} locale={locale} onChanged={onChanged} />
          ))
        )}
      </section>

      {overview.bookable.length > 0 && (
        <section aria-labelledby="book-heading" className="space-y-4">
          <h2 id="book-heading" className="text-2xl font-semibold">
            Book a session
          </h2>
          <ul className="divide-y divide-line rounded-card border border-line bg-surface shadow-sm">
            {overview.bookable.map((type) => (
              <li key={type.path} className="flex flex-wrap items-center justify-between gap-3 p-4 sm:px-6">
                <div className="min-w-0">
                  <p className="font-semibold text-ink">{type.name}</p>
                  <p className="text-sm text-muted">
                    {[
                      type.minutes && `${type.minutes} minutes`,
                      type.credit && `uses a credit of “${type.credit.package}” (${type.credit.left} left)`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <ButtonLink to={type.path} size="sm">
                  <Icon shapes={CalendarPlus} aria-hidden="true" className="size-4" />
                  Book<span className="sr-only"> {type.name}</span>
                </ButtonLink>
              </li>
            ))}
          </ul>
        </section>
      )}

      {overview.packages.length > 0 && (
        <section aria-labelledby="packages-heading" className="space-y-4">
          <h2 id="packages-heading" className="text-2xl font-semibold">
            Your packages
          </h2>
          {overview.packages.map((held) => (
            <Package key={held.id} held={held} timeZone={timeZone} />
          ))}
        </section>
      )}

      <section aria-labelledby="past-heading" className="space-y-4">
        <h2 id="past-heading" className="text-2xl font-semibold">
          Past sessions
        </h2>
        {overview.past.length === 0 ? (
          <p className={`${card} text-muted`}>Your sessions will be listed here once they have taken place.</p>
        ) : (
          overview.past.map((session) => <Past key={session.id} session={session} timeZone={timeZone} locale={locale} />)
        )}
      </section>

      <PortalPayments profile={overview.client} timeZone={timeZone} />

      <PortalDetails profile={overview.client} onSaved={onProfile} />

      <PortalBrowsers onSignedOut={onSignedOut} />
    </div>
  );
}

function Upcoming({
  session,
  timeZone,
  locale,
  onChanged,
}: {
  session: PortalUpcoming;
  timeZone: string;
  locale: string;
  onChanged: () => void;
}) {
  return (
    <article aria-label={`${session.session}, ${formatDate(session.start, timeZone)}`} className={card}>
      <h3 className="text-lg font-semibold">{capitalised(session.session)}</h3>
      <p className="mt-2 text-ink">
        <CallTime start={session.start} timeZone={timeZone} locale={locale} />
      </p>
      {session.place && <CallPlaceLine place={session.place} className="mt-2 text-ink" />}
      <SessionRules booking={session} timeZone={timeZone} locale={locale} />
      {session.credit && (
        <p className="mt-2 text-sm text-muted">
          Uses a credit of “{session.credit.package}”: {session.credit.left} left.
        </p>
      )}
      {session.questions && <PortalIntake bookingId={session.id} questions={session.questions} onAnswered={onChanged} />}
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={`/book/manage?token=${encodeURIComponent(session.manageToken)}`} variant="outline">
          <Icon shapes={CalendarClock} aria-hidden="true" className="size-4" />
          Reschedule or cancel
        </ButtonLink>
        <a href={`/api/portal/me/sessions/${session.id}/calendar`} download="session.ics" className={buttonClass('ghost')}>
          <Icon shapes={CalendarPlus} aria-hidden="true" className="size-4" />
          Add to calendar
        </a>
      </div>
    </article>
  );
}

function Package({ held, timeZone }: { held: PortalPackage; timeZone: string }) {
  return (
    <article aria-label={held.name} className={card}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-lg font-semibold">{held.name}</h3>
        <p className={held.expired ? 'text-muted' : 'font-semibold text-primary-800'}>
          {held.expired ? 'Expired' : `${held.left} of ${held.sessions} ${held.sessions === 1 ? 'session' : 'sessions'} left`}
        </p>
      </div>
      {held.expiresAt && (
        <p className="mt-1 text-sm text-muted">
          {held.expired ? 'Expired' : 'Credits expire'} {formatDate(held.expiresAt, timeZone, 'date')}
        </p>
      )}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-primary-800">History of this package</summary>
        <ul className="mt-3 space-y-2 text-sm">
          {held.ledger.map((movement, index) => (
            <li key={`${movement.at}-${index}`} className="flex flex-wrap justify-between gap-x-4 border-line border-t pt-2">
              <span>
                {movement.movement}
                {movement.reason && <span className="text-muted"> — {movement.reason}</span>}
              </span>
              <span className="text-muted">
                {movement.amount > 0 ? `+${movement.amount}` : movement.amount} · {formatDate(movement.at, timeZone, 'date')}
              </span>
            </li>
          ))}
        </ul>
      </details>
    </article>
  );
}

function Past({ session, timeZone, locale }: { session: PortalPast; timeZone: string; locale: string }) {
  const [items, setItems] = useState(session.actionItems);
  const [failure, setFailure] = useState<string | null>(null);

  async function tick(index: number, done: boolean) {
    setFailure(null);
    setItems((current) => current.map((item, at) => (at === index ? { ...item, done } : item)));
    try {
      const route = portalApi.me.sessions[':id']['action-items'][':item'];
      setItems(await call(route.$patch({ param: { id: String(session.id), item: String(index + 1) }, json: { done } })));
    } catch (error) {
      setItems((current) => current.map((item, at) => (at === index ? { ...item, done: !done } : item)));
      setFailure(errorMessage(error));
    }
  }

  const status = session.status === 'cancelled' ? 'Cancelled' : session.noShow ? 'Missed' : null;
  return (
    <article aria-label={`${session.session}, ${formatDate(session.start, timeZone)}`} className={card}>
      <h3 className="text-lg font-semibold">
        {capitalised(session.session)}
        {status && <span className="ml-2 text-sm font-normal text-muted">({status})</span>}
      </h3>
      <p className="mt-1 text-sm text-muted">
        <CallTime start={session.start} timeZone={timeZone} locale={locale} />
      </p>
      {session.sharedNotes && (
        <div className="mt-4">
          <h4 className="text-sm font-semibold uppercase tracking-wide text-muted">Notes from your coach</h4>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by the server's one Markdown pipeline (rehype-sanitize last) */}
          <div className="prose-post mt-2 break-words" dangerouslySetInnerHTML={{ __html: session.sharedNotes }} />
        </div>
      )}
      {items.length > 0 && (
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold uppercase tracking-wide text-muted">Action items</legend>
          <ul className="mt-2 space-y-2">
            {items.map((item, index) => (
              <li key={`${index}-${item.text}`}>
                <label className="flex min-h-11 items-start gap-3">
                  <input
                    type="checkbox"
                    className="mt-1 size-5 shrink-0 accent-primary-800"
                    checked={item.done}
                    onChange={(event) => void tick(index, event.target.checked)}
                  />
                  <span className={item.done ? 'text-muted line-through' : 'text-ink'}>{item.text}</span>
                </label>
              </li>
            ))}
          </ul>
          {failure && (
            <p role="alert" className="mt-2 text-sm text-red-700">
              {failure}
            </p>
          )}
        </fieldset>
      )}
    </article>
  );
}

/** The portal's shape while it loads: a heading and two cards, as the signed-in page starts. */
function PortalSkeleton() {
  return (
    <div aria-hidden="true" className="mx-auto max-w-3xl space-y-4">
      <Bone className="h-8 w-48" strong />
      <Bone className="mt-6 h-8 w-64" />
      <div className={card}>
        <Bone className="h-6 w-40" strong />
        <Bone className="mt-3 h-5 w-72 max-w-full" />
        <Bone className="mt-4 h-11 w-52" />
      </div>
    </div>
  );
}
