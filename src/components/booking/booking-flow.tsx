'use client';

import { CalendarCheck2, CalendarClock, CreditCard } from 'lucide';
import { type FormEvent, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError, call, errorMessage, fieldOfError, portalApi, publicApi } from '#src/lib/api-client.ts';
import { timeZoneName } from '#src/lib/time-zone-name.ts';
import { useHydrated } from '#src/lib/use-hydrated.ts';
import type { BookingRequest, CallPlace, Slot, SlotsResponse } from '#src/schemas/booking.ts';
import type { IntakeAnswers } from '#src/schemas/intake-answers.ts';
import type { IntakeQuestion } from '#src/schemas/session-type.ts';
import { Button, ButtonLink } from '../ui/button.tsx';
import { FormField } from '../ui/form-field.tsx';
import { Icon } from '../ui/icon.tsx';
import { CallPlaceLine } from './call-place.tsx';
import { IntakeFields } from './intake-fields.tsx';
import { SlotPicker, SlotPickerSkeleton } from './slot-picker.tsx';
import { browserTimeZone, formatCallStart, usesTwelveHourClock } from './slot-times.ts';

type Field = 'name' | 'email' | 'topic';
const EMPTY: Record<Field, string> = { name: '', email: '', topic: '' };

/** The question a refusal names (its field is `answers.{id}`). */
const answerOfError = (error: unknown, questions: IntakeQuestion[]) => {
  const field = error instanceof ApiError ? error.serverField : undefined;
  return questions.find((question) => field === `answers.${question.id}`)?.id;
};

/** Whose slots: a session type's (none: the intro call's), or where a manage link's booking can move. */
type SlotsSource = { type?: string; key?: string } | { token: string };

/** The free slots, fetched fresh (never cached) with the visitor's zone; `reload` after a lost race. */
export function useSlots(source: SlotsSource = {}) {
  const [data, setData] = useState<SlotsResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // By value: a source written inline is a new object at every render.
  const sourceKey = JSON.stringify(source);
  const reload = useCallback(async () => {
    const from = JSON.parse(sourceKey) as SlotsSource;
    try {
      setData(
        await call('token' in from ? publicApi.bookings.manage.slots.$get({ query: from }) : publicApi.booking.slots.$get({ query: from })),
      );
      setFailure(null);
    } catch (error) {
      setFailure(errorMessage(error, 'The free times could not be loaded. Please try again.'));
    }
  }, [sourceKey]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, failure, reload };
}

/** Zone of the visitor's browser, set after hydration (the server cannot know it). */
export function useVisitorTimeZone() {
  const [timeZone, setTimeZone] = useState('UTC');
  useEffect(() => setTimeZone(browserTimeZone()), []);
  return [timeZone, setTimeZone] as const;
}

const noSubscription = () => () => {};

/** The visitor's language tag (navigator.language) once hydrated; the server cannot know it and renders en-GB. */
export const useVisitorLocale = () =>
  useSyncExternalStore(
    noSubscription,
    () => navigator.language || 'en-GB',
    () => 'en-GB',
  );

/** 'Monday 30 November 2026 at 3:00 PM (Eastern Time — New York)': on the visitor's clock, the zone named as the emails name it. */
export function CallTime({ start, timeZone, locale }: { start: string; timeZone: string; locale: string }) {
  return (
    <>
      <span className="font-semibold">{formatCallStart(start, timeZone, usesTwelveHourClock(locale))}</span>{' '}
      <span className="inline-block text-muted">({timeZoneName(timeZone, locale)})</span>
    </>
  );
}

/** The session type a /book/{slug} page books; /book's intro call without one. */
export interface BookingSession {
  slug: string;
  /** A private type's link key. */
  key?: string;
  intro: boolean;
  questions: IntakeQuestion[];
  /** A paid type's price, written out ("€120.00"); null: free. */
  price?: string | null;
  /** Its cancellation and reschedule rules in words; null: none. */
  rules?: string | null;
}

/** /book and /book/{slug}: pick a time, give name, email, topic and the type's answers, and it is booked. */
export function BookingFlow({ session }: { session?: BookingSession }) {
  const { data, failure, reload } = useSlots(session ? { type: session.slug, ...(session.key ? { key: session.key } : {}) } : {});
  const noun = !session || session.intro ? 'call' : 'session';
  const [answers, setAnswers] = useState<IntakeAnswers>({});
  const [answerErrors, setAnswerErrors] = useState<Record<string, string>>({});
  const [timeZone, setTimeZone] = useVisitorTimeZone();
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [booked, setBooked] = useState<{ start: string; email: string; place: CallPlace | null } | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const hydrated = useHydrated();
  const locale = useVisitorLocale();
  const confirmation = useRef<HTMLDivElement>(null);
  const confirmationHeading = useRef<HTMLHeadingElement>(null);

  // A client signed in to their portal books as themselves: their name and address are filled in.
  useEffect(() => {
    call(portalApi.session.$get()).then(
      ({ client }) => {
        if (!client) return;
        setSignedIn(true);
        setValues((current) => ({ ...current, name: current.name || client.name, email: current.email || client.email }));
      },
      () => undefined,
    );
  }, []);

  // Once booked, the confirmation replaces the taller form: on a phone it would sit above the screen
  // (issue 32 §3), so it is brought into view and focused, and a screen reader starts there.
  useEffect(() => {
    if (!booked) return;
    confirmationHeading.current?.focus({ preventScroll: true });
    confirmation.current?.scrollIntoView({ block: 'nearest' });
  }, [booked]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!slot) {
      setNotice('Please choose a time first.');
      return;
    }
    const honeypot = new FormData(event.currentTarget).get('website');
    setSending(true);
    setNotice(null);
    try {
      const body: BookingRequest = {
        start: slot.start,
        ...values,
        timeZone,
        ...(session ? { sessionType: session.slug, answers, ...(session.key ? { key: session.key } : {}) } : {}),
        ...(honeypot ? { website: String(honeypot) } : {}),
      };
      const answer = await call(publicApi.bookings.$post({ json: body }));
      // A paid session is held and paid on Stripe's page; the payment, not this page, books it.
      if ('checkoutUrl' in answer) {
        window.location.assign(answer.checkoutUrl);
        return;
      }
      setBooked({ start: slot.start, email: values.email.trim(), place: answer.place });
    } catch (error) {
      const field = fieldOfError(error, ['name', 'email', 'topic'] as const);
      const question = answerOfError(error, session?.questions ?? []);
      setErrors(field ? { [field]: (error as ApiError).serverMessage } : {});
      setAnswerErrors(question ? { [question]: (error as ApiError).serverMessage ?? errorMessage(error) } : {});
      if (!field && !question) setNotice(errorMessage(error));
      // Taken meanwhile (or no longer offered): show what is free now.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400) && !field && !question) {
        setSlot(null);
        await reload();
      }
    } finally {
      setSending(false);
    }
  }

  if (booked) {
    return (
      <div
        ref={confirmation}
        role="status"
        className="mx-auto flex max-w-xl scroll-mt-24 flex-col items-center rounded-card border border-line bg-surface px-6 py-14 text-center shadow-sm"
      >
        <Icon shapes={CalendarCheck2} aria-hidden="true" className="size-12 text-emerald-600" />
        <h2 ref={confirmationHeading} tabIndex={-1} className="mt-4 text-2xl font-semibold focus:outline-none">
          Your {noun} is booked
        </h2>
        <p className="mt-3 text-lg text-ink">
          <CallTime start={booked.start} timeZone={timeZone} locale={locale} />
        </p>
        {booked.place && <CallPlaceLine place={booked.place} className="mt-3 max-w-md text-left text-ink" />}
        <p className="mt-3 max-w-md text-muted">
          A confirmation with a calendar invitation is on its way to {booked.email}. It has a link to reschedule or cancel.
        </p>
        {signedIn && (
          <ButtonLink to="/portal" variant="outline" className="mt-6">
            Back to your portal
          </ButtonLink>
        )}
      </div>
    );
  }

  if (failure && !data) {
    return (
      <div role="alert" className="rounded-card border border-line bg-surface p-6 text-center shadow-sm">
        <p className="text-ink">{failure}</p>
        <Button variant="outline" className="mt-4" onClick={() => void reload()}>
          Try again
        </Button>
      </div>
    );
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <section aria-labelledby="booking-pick-heading" className="rounded-card border border-line bg-surface p-5 shadow-sm sm:p-8">
        <h2 id="booking-pick-heading" className="flex items-center gap-2 text-2xl font-semibold">
          <Icon shapes={CalendarClock} aria-hidden="true" className="size-6 text-primary-700" />
          Choose a time
        </h2>
        <p className="mt-2 text-muted">{data ? `${noun === 'call' ? 'Calls' : 'Sessions'} last ${data.callMinutes} minutes.` : '\u00a0'}</p>
        {data?.place && <CallPlaceLine place={data.place} className="mt-1 text-ink" />}
        <div className="mt-6">
          {!data ? (
            <SlotPickerSkeleton />
          ) : data.slots.length === 0 ? (
            <div className="rounded-control bg-primary-50 p-5 text-ink">
              <p>No times are free at the moment.</p>
              <ButtonLink to="/contact" variant="outline" className="mt-4">
                Send a message instead
              </ButtonLink>
            </div>
          ) : (
            <SlotPicker
              slots={data.slots}
              timeZone={timeZone}
              onTimeZoneChange={setTimeZone}
              locale={locale}
              day={day}
              onDayChange={setDay}
              selected={slot}
              onSelect={(picked) => {
                setSlot(picked);
                setNotice(null);
              }}
            />
          )}
        </div>
      </section>

      <form
        method="post"
        noValidate
        onSubmit={submit}
        aria-labelledby="booking-details-heading"
        className="self-start rounded-card border border-line bg-surface p-5 shadow-sm sm:p-8"
      >
        <h2 id="booking-details-heading" className="text-2xl font-semibold">
          Your details
        </h2>
        <p className="mt-2 text-ink" aria-live="polite">
          {slot ? (
            <CallTime start={slot.start} timeZone={timeZone} locale={locale} />
          ) : (
            <span className="text-muted">No time chosen yet.</span>
          )}
        </p>
        <div className="mt-5 grid gap-5">
          <FormField
            idPrefix="booking"
            name="name"
            label="Name"
            required
            autoComplete="name"
            value={values.name}
            error={errors.name}
            onChange={(name) => setValues({ ...values, name })}
          />
          <FormField
            idPrefix="booking"
            name="email"
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={values.email}
            error={errors.email}
            onChange={(email) => setValues({ ...values, email })}
          />
          {/* A session with its own questions asks those instead. */}
          {!session?.questions.length && (
            <FormField
              idPrefix="booking"
              name="topic"
              label="What would you like to talk about?"
              multiline
              rows={4}
              value={values.topic}
              error={errors.topic}
              onChange={(topic) => setValues({ ...values, topic })}
            />
          )}
          {session && (
            <IntakeFields
              questions={session.questions}
              answers={answers}
              errors={answerErrors}
              onChange={(id, answer) => setAnswers({ ...answers, [id]: answer })}
            />
          )}
        </div>
        {/* Honeypot: invisible to people and assistive technology; bots that fill it are dropped. */}
        <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
          <label htmlFor="booking-website">Website</label>
          <input id="booking-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        {notice && (
          <p role="alert" className="mt-5 rounded-control bg-red-50 px-4 py-3 text-sm text-red-800">
            {notice}
          </p>
        )}
        {(session?.price || session?.rules) && (
          <div className="mt-6 grid gap-1 rounded-control bg-primary-50 px-4 py-3 text-sm text-primary-950" data-testid="booking-terms">
            {session.price && (
              <p>
                <strong className="font-semibold">{session.price}</strong>, paid by card on the next page unless a package of yours covers
                it. The time is held for you while you pay.
              </p>
            )}
            {session.rules && <p>{session.rules}</p>}
          </div>
        )}
        <Button type="submit" size="lg" className="mt-6 w-full" disabled={sending || !hydrated}>
          <Icon shapes={session?.price ? CreditCard : CalendarCheck2} aria-hidden="true" className="size-5" />
          {sending
            ? session?.price
              ? 'Opening the payment page...'
              : 'Booking...'
            : session?.price
              ? 'Continue to Payment'
              : `Book the ${noun}`}
        </Button>
      </form>
    </div>
  );
}
