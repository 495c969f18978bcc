'use client';

import { Download, Eraser, Save } from 'lucide';
import { type FormEvent, useState } from 'react';
import { call, errorMessage, portalApi } from '#src/lib/api-client.ts';
import { timeZoneLabel } from '#src/lib/format-date.ts';
import { type PortalProfile, portalProfileSchema } from '#src/schemas/portal.ts';
import { timeZoneChoices } from '../booking/slot-times.ts';
import { Button, buttonClass } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Icon } from '../ui/icon.tsx';

const card = 'rounded-card border border-line bg-surface p-5 shadow-sm sm:p-6';
const AS_BOOKED = '';

/** "Your details": name, time zone and the emails the client wants; then their data, downloaded or erased. */
export function PortalDetails({ profile, onSaved }: { profile: PortalProfile; onSaved: (profile: PortalProfile) => void }) {
  const [name, setName] = useState(profile.name);
  const [timeZone, setTimeZone] = useState(profile.timeZone ?? AS_BOOKED);
  const [reminders, setReminders] = useState(profile.reminders);
  const [creditNotices, setCreditNotices] = useState(profile.creditNotices);
  const [result, setResult] = useState<{ ok: boolean; message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = portalProfileSchema.safeParse({ name, timeZone: timeZone || null, reminders, creditNotices });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setResult({ ok: false, message: issue.message, field: String(issue.path[0]) });
    }
    setBusy(true);
    setResult(null);
    try {
      onSaved(await call(portalApi.me.profile.$put({ json: parsed.data })));
      setResult({ ok: true, message: 'Your details are saved.' });
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="details-heading" className="space-y-4">
      <h2 id="details-heading" className="text-2xl font-semibold">
        Your details
      </h2>
      <form noValidate onSubmit={save} className={`${card} space-y-5`}>
        <FormField
          idPrefix="portal-details"
          name="name"
          label="Name"
          autoComplete="name"
          value={name}
          error={result?.field === 'name' ? result.message : undefined}
          onChange={setName}
        />
        <div>
          <label htmlFor="portal-details-zone" className="text-sm font-semibold text-ink">
            Time zone
          </label>
          <select
            id="portal-details-zone"
            value={timeZone}
            onChange={(event) => setTimeZone(event.target.value)}
            className="mt-2 h-12 w-full rounded-control border border-line bg-surface px-4 text-base text-ink shadow-sm"
          >
            <option value={AS_BOOKED}>As each booking says</option>
            {timeZoneChoices(profile.timeZone ?? 'UTC').map((zone) => (
              <option key={zone} value={zone}>
                {timeZoneLabel(zone)}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="text-sm font-semibold text-ink">Emails</legend>
          <p className="mt-1 text-sm text-muted">Confirmations, changes, cancellations and sign-in links are always sent.</p>
          <label className="mt-3 flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary-800"
              checked={reminders}
              onChange={(event) => setReminders(event.target.checked)}
            />
            <span>A reminder the day before each session</span>
          </label>
          <label className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary-800"
              checked={creditNotices}
              onChange={(event) => setCreditNotices(event.target.checked)}
            />
            <span>A note when one credit is left, or credits are about to expire</span>
          </label>
        </fieldset>
        {result && !result.field && (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={
              result.ok
                ? 'rounded-control border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900'
                : 'rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-800'
            }
          >
            {result.message}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          <Icon shapes={Save} aria-hidden="true" className="size-4" />
          {busy ? 'Saving...' : 'Save my details'}
        </Button>
      </form>
      <YourData profile={profile} onRequested={onSaved} />
    </section>
  );
}

/** "Your data": everything the site holds about them as a file, and a request to erase it. */
function YourData({ profile, onRequested }: { profile: PortalProfile; onRequested: (profile: PortalProfile) => void }) {
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function requestErasure() {
    setBusy(true);
    try {
      const answer = await call(portalApi.me.erasure.$post());
      setMessage({ ok: true, text: answer.message });
      onRequested(answer.profile);
    } catch (error) {
      setMessage({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  }

  return (
    <div className={card}>
      <h3 className="text-lg font-semibold">Your data</h3>
      <p className="mt-1 text-sm text-muted">Everything this site holds about you, as one file you can keep.</p>
      <a href="/api/portal/me/export" download className={buttonClass('outline', 'md', 'mt-4')}>
        <Icon shapes={Download} aria-hidden="true" className="size-4" />
        Download my data
      </a>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} className={message.ok ? 'mt-4 text-sm text-emerald-900' : 'mt-4 text-sm text-red-800'}>
          {message.text}
        </p>
      )}
      {profile.erasureRequestedAt ? (
        !message && <p className="mt-4 text-sm text-muted">You have asked for your data to be erased: your coach has your request.</p>
      ) : confirming ? (
        <div className="mt-4 rounded-control border border-red-200 bg-red-50 p-4">
          <p className="font-semibold text-red-900">Ask your coach to erase everything about you?</p>
          <p className="mt-1 text-sm text-red-900">
            Your sessions, packages and notes go with it, and you will no longer be able to sign in here.
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row">
            <Button variant="destructive" disabled={busy} onClick={() => void requestErasure()}>
              <Icon shapes={Eraser} aria-hidden="true" className="size-4" />
              {busy ? 'Sending...' : 'Yes, ask for erasure'}
            </Button>
            <Button variant="outline" disabled={busy} onClick={() => setConfirming(false)}>
              Keep my data
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="ghost" className="mt-2" onClick={() => setConfirming(true)}>
          <Icon shapes={Eraser} aria-hidden="true" className="size-4" />
          Ask for my data to be erased
        </Button>
      )}
    </div>
  );
}
