import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { timeZoneName } from '#src/lib/time-zone-name.ts';
import { type CallPlace, callPlaceText } from '#src/schemas/booking.ts';
import { type AskedAnswer, answerText } from '#src/schemas/intake-answers.ts';
import { freeUntil } from '#src/schemas/session-rules.ts';
import { html, type SafeHtml } from './html.ts';
import { type Brand, button, type EmailContent, emailLayout, paragraph, quote } from './layout.ts';

// The emails of booking, for the intro call and every other session type (named as `session`). Each states the time in its reader's time zone, named as /book
// names it ("Eastern Time — New York"), so a reader abroad is never left to convert it; the .ics
// each carries states it in UTC.

export interface CallDetails {
  /** What is booked, as a sentence names it: 'intro call', or the session type's name. */
  session: string;
  start: Date;
  name: string;
  email: string;
  topic: string | null;
  callMinutes: number;
  /** Where it happens; null when the coach has not said. */
  place: CallPlace | null;
  /** The answers to the type's intake questions, as asked; null once deleted with the topic. */
  answers: AskedAnswer[] | null;
  /** Its session type's cancellation rules (issue 35 §4). */
  rules: { cancelCutoffHours: number; maxReschedules: number | null };
  /** The package credit it used, what is left of the package now, and what became of the credit. */
  credit: { package: string; left: number; expiresAt: Date | null; state: 'used' | 'returned' | 'forfeited' } | null;
}

/** '1 credit', '3 credits'. */
const credits = (count: number) => `${count} credit${count === 1 ? '' : 's'}`;

/** The rules of the session, in the reader's zone: until when it moves freely, and how many times. */
function ruleLines(call: CallDetails, timeZone: string): Line[] {
  const { cancelCutoffHours, maxReschedules } = call.rules;
  const lines: Line[] = [];
  if (cancelCutoffHours > 0) {
    const until = callTime(freeUntil(call.start, cancelCutoffHours), timeZone);
    lines.push(
      call.credit
        ? `You can cancel or move it until ${until}; after that, cancelling it uses up its credit.`
        : `You can cancel or move it until ${until}.`,
    );
  }
  if (maxReschedules !== null)
    lines.push(
      maxReschedules === 0
        ? 'It cannot be moved to another time.'
        : `It can be moved ${maxReschedules === 1 ? 'once' : `up to ${maxReschedules} times`}.`,
    );
  return lines;
}

/** What the package holds now, for its holder: left, and until when. */
function creditLine(call: CallDetails, timeZone: string, whose: 'your' | 'their'): Line[] {
  const credit = call.credit;
  if (!credit) return [];
  const expiry = credit.expiresAt ? `, to use by ${format(new TZDate(credit.expiresAt, timeZone), 'd MMMM yyyy')}` : '';
  const left = `${credits(credit.left)} left in ${whose} package “${credit.package}”${expiry}`;
  switch (credit.state) {
    case 'used':
      return [`It uses a credit: ${left}.`];
    case 'returned':
      return [`Its credit is back: ${left}.`];
    case 'forfeited':
      return [`As it was cancelled after the cut-off, its credit stays used: ${left}.`];
  }
}

/** 'Intro call', as a subject line starts. */
const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
/** 'an intro call', 'a Coaching session'. */
const withArticle = (words: string) => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;

/** 'Tuesday 3 March 2026 at 14:30 (United Kingdom Time — London)'. */
export const callTime = (start: Date, timeZone: string) =>
  `${format(new TZDate(start, timeZone), "EEEE d MMMM yyyy 'at' HH:mm")} (${timeZoneName(timeZone)})`;

/** A paragraph of an email: plain words, or words with markup (a link) and their text form. */
type Line = string | { html: SafeHtml; text: string };

/** Where the call happens, its video link a link; nothing when the coach has not said. */
function placeLines(place: CallPlace | null): Line[] {
  if (!place) return [];
  const text = callPlaceText(place);
  if (place.kind !== 'video' || !place.url) return [text];
  return [{ html: html`Video call: <a href="${place.url}">${place.url}</a>`, text }];
}

/** The intake answers, one line each: 'Question: answer'. */
const answerLines = (answers: AskedAnswer[] | null): Line[] =>
  answers?.length ? ['Their answers:', ...answers.map(({ question, answer }) => `${question}: ${answerText(answer)}`)] : [];

function message(
  site: Brand,
  subject: string,
  lines: Line[],
  extra: { quote?: string; link?: { label: string; url: string } } = {},
): EmailContent {
  const body = html`${lines.map((line) => paragraph(typeof line === 'string' ? line : line.html))}${extra.quote ? quote(site, extra.quote) : ''}${extra.link ? button(site, extra.link.label, extra.link.url) : ''}`;
  const text = [
    ...lines.map((line) => (typeof line === 'string' ? line : line.text)),
    ...(extra.quote ? [extra.quote] : []),
    ...(extra.link ? [`${extra.link.label}: ${extra.link.url}`] : []),
  ].join('\n\n');
  return emailLayout(site, { subject, body, text });
}

/** To the visitor who booked (or moved) a call, with their link to change it. */
export function callConfirmedEmail(
  site: Brand,
  call: CallDetails,
  visitorTimeZone: string,
  manageUrl: string,
  moved = false,
): EmailContent {
  const when = callTime(call.start, visitorTimeZone);
  return message(
    site,
    moved ? `Your ${call.session} with ${site.name} has moved to ${when}` : `Your ${call.session} with ${site.name}: ${when}`,
    [
      `Hello ${call.name},`,
      moved
        ? `Your ${call.callMinutes}-minute ${call.session} is now on ${when}.`
        : `Your ${call.callMinutes}-minute ${call.session} is booked for ${when}.`,
      ...placeLines(call.place),
      ...creditLine(call, visitorTimeZone, 'your'),
      ...ruleLines(call, visitorTimeZone),
      'The attached invitation adds it to your calendar. If the time no longer suits you, you can reschedule or cancel it here:',
    ],
    { link: { label: 'Reschedule or cancel', url: manageUrl } },
  );
}

/** To the coach, for a call booked or moved on the site. */
export function callBookedNotice(site: Brand, call: CallDetails, coachTimeZone: string, moved = false): EmailContent {
  const when = callTime(call.start, coachTimeZone);
  return message(
    site,
    moved ? `${capitalised(call.session)} moved: ${call.name}, now ${when}` : `New ${call.session}: ${call.name}, ${when}`,
    [
      moved
        ? `${call.name} <${call.email}> moved their ${call.session} to ${when}.`
        : `${call.name} <${call.email}> booked ${withArticle(call.session)} for ${when}.`,
      ...placeLines(call.place),
      ...creditLine(call, coachTimeZone, 'their'),
      ...answerLines(call.answers),
      call.topic ? 'What they would like to talk about:' : 'They did not say what they would like to talk about.',
    ],
    { quote: call.topic || undefined, link: { label: 'Open bookings in the admin', url: `${site.url}/admin/booking` } },
  );
}

/** To the visitor, a day before the call. */
export function callReminderEmail(site: Brand, call: CallDetails, visitorTimeZone: string, manageUrl: string): EmailContent {
  const when = callTime(call.start, visitorTimeZone);
  return message(
    site,
    `Reminder: your ${call.session} with ${site.name} is tomorrow`,
    [`Hello ${call.name},`, `A reminder that your ${call.session} is on ${when}.`, ...placeLines(call.place)],
    {
      link: { label: 'Reschedule or cancel', url: manageUrl },
    },
  );
}

/** To the visitor when the coach changes where calls happen and their call is still ahead, with the updated invitation. */
export function callPlaceChangedEmail(site: Brand, call: CallDetails, visitorTimeZone: string, manageUrl: string): EmailContent {
  const when = callTime(call.start, visitorTimeZone);
  return message(
    site,
    `Your ${call.session} with ${site.name} on ${when}: where it happens has changed`,
    [
      `Hello ${call.name},`,
      call.place
        ? `Your ${call.session} on ${when} keeps its time; where it happens has changed:`
        : `Your ${call.session} on ${when} keeps its time; where it happens has changed, and you will hear the details before the call.`,
      ...placeLines(call.place),
      'The attached invitation updates it in your calendar. If the time no longer suits you, you can reschedule or cancel it here:',
    ],
    { link: { label: 'Reschedule or cancel', url: manageUrl } },
  );
}

/** To the coach, the same update for each upcoming call, so their calendar's copy follows too. */
export function callPlaceChangedNotice(site: Brand, call: CallDetails, coachTimeZone: string): EmailContent {
  const when = callTime(call.start, coachTimeZone);
  return message(
    site,
    `${capitalised(call.session)} updated: ${call.name}, ${when}`,
    [
      call.place
        ? `The invitation for ${call.name}'s ${call.session} on ${when} now says where it happens:`
        : `The invitation for ${call.name}'s ${call.session} on ${when} no longer says where it happens.`,
      ...placeLines(call.place),
      `${call.name} <${call.email}> has been sent the update.`,
    ],
    { link: { label: 'Open bookings in the admin', url: `${site.url}/admin/booking` } },
  );
}

/** To the visitor and to the coach when a call is cancelled, by either of them. */
export function callCancelledEmail(
  site: Brand,
  call: CallDetails,
  reader: { timeZone: string; isCoach: boolean },
  cancelledBy: 'visitor' | 'coach',
  note: string,
): EmailContent {
  const when = callTime(call.start, reader.timeZone);
  if (reader.isCoach) {
    const who = cancelledBy === 'visitor' ? `${call.name} <${call.email}> cancelled` : `You cancelled ${call.name}'s`;
    return message(site, `${capitalised(call.session)} cancelled: ${call.name}, ${when}`, [
      `${who} ${call.session} on ${when}.`,
      ...creditLine(call, reader.timeZone, 'their'),
    ]);
  }
  const lines = [
    `Hello ${call.name},`,
    cancelledBy === 'visitor'
      ? `Your ${call.session} on ${when} is cancelled, as you asked.`
      : `I am sorry: your ${call.session} on ${when} has had to be cancelled.`,
    ...creditLine(call, reader.timeZone, 'your'),
  ];
  return message(site, `Cancelled: your ${call.session} with ${site.name} on ${when}`, lines, {
    quote: note || undefined,
    link: { label: 'Book another time', url: `${site.url}/book` },
  });
}
