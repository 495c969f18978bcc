'use client';

import { CalendarPlus, Copy, Link2, RefreshCw, ServerCog } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { formatDate } from '#src/lib/format-date.ts';
import { plural } from '#src/lib/plural.ts';
import type { CalendarAccountView, CalendarsScreen, CalendarView } from '#src/schemas/calendars.ts';
import { ConfirmDialog } from '../../kit/confirm-dialog.tsx';
import { FormAlert, PasswordField, SwitchField, TextField } from '../../kit/fields.tsx';
import { FormSection } from '../../kit/form-section.tsx';
import { useTimeZone } from '../../kit/time-zone.tsx';
import { FAILED, useAction } from '../../kit/use-action.ts';
import { connectCalDav, connectFeed, readCalendar, removeCalendarAccount, rotateFeed, setFeedShowsNames, updateCalendar } from './api.ts';
import { CalendarWarning } from './calendar-warning.tsx';

// Booking → Calendars (issue 34): the coach's own calendars keep /book from offering a time they
// are busy, one of them receives every booking, and a private feed lists the calls for any app.

const KIND_NAMES = { ics: 'Calendar feed', caldav: 'CalDAV account' } as const;

/** Says when a calendar was last read and what it gave, or why it could not be. */
function ReadState({ calendar }: { calendar: CalendarView }) {
  const timeZone = useTimeZone();
  if (!calendar.blocksTime) return <p className="text-xs text-muted">Not read: it does not block time.</p>;
  return (
    <div className="text-xs">
      <p className="text-muted">
        {calendar.readAt ? `Read ${formatDate(calendar.readAt, timeZone)} · ${plural(calendar.busyCount, 'busy time')}` : 'Not read yet'}
      </p>
      {calendar.lastError && <p className="mt-1 text-red-800">Last read failed: {calendar.lastError}</p>}
    </div>
  );
}

function CalendarRow({ calendar, onScreen }: { calendar: CalendarView; onScreen: (screen: CalendarsScreen) => void }) {
  const { busy, run } = useAction();
  const change = async (input: Parameters<typeof updateCalendar>[1], title: string) => {
    const screen = await run(
      () => updateCalendar(calendar.id, input),
      { success: { title }, failureTitle: 'Failed to change the calendar' },
      { stay: true },
    );
    if (screen !== FAILED) onScreen(screen);
  };
  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
      <div className="min-w-0 space-y-3">
        <p className="break-words font-semibold text-primary-950">{calendar.name}</p>
        <SwitchField
          id={`calendar-${calendar.id}-blocks`}
          label="Blocks time"
          hint="Times you are busy in it are not offered on the booking page."
          checked={calendar.blocksTime}
          disabled={busy}
          onChange={(checked) => change({ blocksTime: checked }, checked ? 'Calendar now blocks time' : 'Calendar no longer blocks time')}
        />
        {calendar.writable && (
          <SwitchField
            id={`calendar-${calendar.id}-writes`}
            label="Add bookings to it"
            hint="Every booking is written into this calendar (one calendar at most)."
            checked={calendar.writesBookings}
            disabled={busy}
            onChange={(checked) =>
              change(
                { writesBookings: checked },
                checked ? 'Bookings will be added to this calendar' : 'Bookings are no longer added to it',
              )
            }
          />
        )}
        <ReadState calendar={calendar} />
      </div>
      {calendar.blocksTime && (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={async () => {
            const screen = await run(() => readCalendar(calendar.id), { failureTitle: 'Failed to read the calendar' }, { stay: true });
            if (screen !== FAILED) onScreen(screen);
          }}
        >
          <Icon shapes={RefreshCw} aria-hidden="true" className="size-4" /> Read Now
        </Button>
      )}
    </li>
  );
}

function AccountCard({
  account,
  onScreen,
  onRemove,
}: {
  account: CalendarAccountView;
  onScreen: (screen: CalendarsScreen) => void;
  onRemove: () => void;
}) {
  return (
    <li className="rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words text-lg font-semibold">{account.label}</h3>
          <p className="text-sm text-muted">{KIND_NAMES[account.kind]}</p>
        </div>
        <Button variant="outline" size="sm" onClick={onRemove}>
          Remove
        </Button>
      </div>
      <ul className="mt-2 divide-y divide-line">
        {account.calendars.map((calendar) => (
          <CalendarRow key={calendar.id} calendar={calendar} onScreen={onScreen} />
        ))}
      </ul>
    </li>
  );
}

function FeedForm({ onScreen }: { onScreen: (screen: CalendarsScreen) => void }) {
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const { busy, failure, run } = useAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const screen = await run(
      () => connectFeed({ url, ...(name.trim() ? { name } : {}) }),
      {
        success: { title: 'Calendar connected' },
        failureTitle: 'Failed to connect the calendar',
      },
      { stay: true },
    );
    if (screen === FAILED) return;
    setUrl('');
    setName('');
    onScreen(screen);
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormSection
        id="calendar-feed-form"
        title="Add a Calendar Feed"
        intro="The secret iCalendar address of a calendar (Google Calendar, Outlook.com, iCloud, Proton): read only, every few minutes."
      >
        <TextField
          id="calendar-feed-url"
          label="Secret address"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          placeholder="https://calendar.google.com/calendar/ical/…/basic.ics"
          hint="Starts with https:// or webcal://. Anyone with it can read the calendar: it is stored encrypted."
          autoComplete="off"
          spellCheck={false}
        />
        <TextField
          id="calendar-feed-name"
          label="Name"
          optional
          value={name}
          onChange={(event) => setName(event.target.value)}
          placeholder="Personal"
        />
        <div className="space-y-3 sm:col-span-2">
          <FormAlert message={failure} />
          <Button type="submit" disabled={busy}>
            <Icon shapes={CalendarPlus} aria-hidden="true" className="size-4" /> {busy ? 'Connecting...' : 'Connect Feed'}
          </Button>
        </div>
      </FormSection>
    </form>
  );
}

function CalDavForm({ onScreen }: { onScreen: (screen: CalendarsScreen) => void }) {
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const { busy, failure, run } = useAction();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const screen = await run(
      () => connectCalDav({ serverUrl, username, password }),
      {
        success: { title: 'Account connected', description: 'Choose which of its calendars block time.' },
        failureTitle: 'Failed to connect the account',
      },
      { stay: true },
    );
    if (screen === FAILED) return;
    setPassword('');
    onScreen(screen);
  }
  return (
    <form onSubmit={submit} noValidate>
      <FormSection
        id="caldav-form"
        title="Connect a CalDAV Account"
        intro="Fastmail, iCloud, Nextcloud, Radicale, Baïkal and others: read for busy times, and one calendar can receive your bookings."
      >
        <TextField
          id="caldav-server"
          label="Server address"
          required
          value={serverUrl}
          onChange={(event) => setServerUrl(event.target.value)}
          placeholder="https://caldav.fastmail.com/"
          autoComplete="off"
          spellCheck={false}
          className="sm:col-span-2"
        />
        <TextField
          id="caldav-username"
          label="User name"
          required
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          autoComplete="off"
        />
        <PasswordField
          id="caldav-password"
          label="App password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          hint="Made in your provider's security settings for this site alone; stored encrypted."
        />
        <div className="space-y-3 sm:col-span-2">
          <FormAlert message={failure} />
          <Button type="submit" disabled={busy}>
            <Icon shapes={ServerCog} aria-hidden="true" className="size-4" /> {busy ? 'Connecting...' : 'Connect Account'}
          </Button>
        </div>
      </FormSection>
    </form>
  );
}

function SessionsFeed({ feed, onFeed }: { feed: CalendarsScreen['feed']; onFeed: (feed: CalendarsScreen['feed']) => void }) {
  const [replacing, setReplacing] = useState(false);
  const { busy, run } = useAction();
  return (
    <FormSection
      id="sessions-feed"
      title="Your Sessions Feed"
      intro="A private address to subscribe to from any calendar app, listing your sessions from the last 30 days on. Keep it to yourself."
      layout="mt-5 space-y-4"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="sessions-feed-url" className="sr-only">
          Sessions feed address
        </label>
        <input
          id="sessions-feed-url"
          readOnly
          value={feed.url}
          className="h-11 w-full min-w-0 rounded-control border border-line bg-primary-50 px-3 font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="outline"
          onClick={() =>
            run(
              () => navigator.clipboard.writeText(feed.url),
              { success: { title: 'Address copied' }, failureTitle: 'Failed to copy' },
              { stay: true },
            )
          }
        >
          <Icon shapes={Copy} aria-hidden="true" className="size-4" /> Copy
        </Button>
      </div>
      <SwitchField
        id="sessions-feed-names"
        label="Show names and topics"
        hint="Off: each session shows only its type, so the feed says nothing about your clients."
        checked={feed.showsNames}
        disabled={busy}
        onChange={async (showsNames) => {
          const next = await run(
            () => setFeedShowsNames(showsNames),
            { success: { title: 'Feed saved' }, failureTitle: 'Failed to save the feed' },
            { stay: true },
          );
          if (next !== FAILED) onFeed(next);
        }}
      />
      <Button variant="outline" onClick={() => setReplacing(true)}>
        <Icon shapes={Link2} aria-hidden="true" className="size-4" /> Replace Address
      </Button>
      <ConfirmDialog
        open={replacing}
        title="Replace the Feed Address"
        description="The current address stops working at once: calendars subscribed to it need the new one."
        variant="default"
        confirmLabel="Replace Address"
        busyLabel="Replacing..."
        success={{ title: 'Feed address replaced' }}
        failureTitle="Failed to replace the address"
        onCancel={() => setReplacing(false)}
        action={rotateFeed}
        onDone={(next) => {
          setReplacing(false);
          onFeed(next);
        }}
      />
    </FormSection>
  );
}

/** Booking → Calendars. */
export function CalendarsPanel({ initial }: { initial: CalendarsScreen }) {
  const timeZone = useTimeZone();
  const [screen, setScreen] = useState(initial);
  const [removing, setRemoving] = useState<CalendarAccountView | null>(null);
  return (
    <div className="space-y-6">
      <CalendarWarning
        calendars={screen.accounts.flatMap((account) => account.calendars).filter((calendar) => calendar.stale)}
        timeZone={timeZone}
      />
      {!screen.encryption && (
        <p role="status" className="rounded-card border border-accent-300 bg-accent-50 p-4 text-sm">
          Calendars cannot be connected yet: their addresses and passwords are stored encrypted. Set ENCRYPTION_KEY to 32 random bytes in
          base64 (openssl rand -base64 32) and restart the site.
        </p>
      )}
      <section aria-labelledby="connected-calendars-heading" className="space-y-4">
        <h2 id="connected-calendars-heading" className="text-xl font-semibold">
          Your Calendars
        </h2>
        {screen.pendingWrites > 0 && (
          <p role="status" className="text-sm text-muted">
            {plural(screen.pendingWrites, 'booking is', 'bookings are')} not yet in your calendar.
          </p>
        )}
        {screen.accounts.length === 0 ? (
          <p className="rounded-card border border-dashed border-line p-6 text-sm text-muted">
            No calendar is connected, so the booking page offers every time in your weekly hours. Connect one below.
          </p>
        ) : (
          <ul className="space-y-4">
            {screen.accounts.map((account) => (
              <AccountCard key={account.id} account={account} onScreen={setScreen} onRemove={() => setRemoving(account)} />
            ))}
          </ul>
        )}
      </section>
      {screen.encryption && (
        <>
          <FeedForm onScreen={setScreen} />
          <CalDavForm onScreen={setScreen} />
        </>
      )}
      <SessionsFeed feed={screen.feed} onFeed={(feed) => setScreen((current) => ({ ...current, feed }))} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove Calendar"
        description={
          removing ? `Remove ${removing.label}? Its busy times stop blocking the booking page; events already added to it stay.` : ''
        }
        confirmLabel="Remove"
        busyLabel="Removing..."
        success={{ title: 'Calendar removed' }}
        failureTitle="Failed to remove the calendar"
        onCancel={() => setRemoving(null)}
        action={() => removeCalendarAccount(removing!.id)}
        onDone={() => {
          setScreen((current) => ({ ...current, accounts: current.accounts.filter((account) => account.id !== removing!.id) }));
          setRemoving(null);
        }}
      />
    </div>
  );
}
