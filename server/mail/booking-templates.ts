import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { html } from './html.ts';
import { type Brand, button, type EmailContent, emailLayout, paragraph, quote } from './layout.ts';

// The emails of intro-call booking. Each states the time in its reader's time zone, named, so a
// reader abroad is never left to convert it; the .ics each carries states it in UTC.

export interface CallDetails {
  start: Date;
  name: string;
  email: string;
  topic: string | null;
  callMinutes: number;
}

/** 'Tuesday 3 March 2026 at 14:30 (Europe/London)'. */
export const callTime = (start: Date, timeZone: string) =>
  `${format(new TZDate(start, timeZone), "EEEE d MMMM yyyy 'at' HH:mm")} (${timeZone})`;

function message(
  site: Brand,
  subject: string,
  lines: string[],
  extra: { quote?: string; link?: { label: string; url: string } } = {},
): EmailContent {
  const body = html`${lines.map((line) => paragraph(line))}${extra.quote ? quote(site, extra.quote) : ''}${extra.link ? button(site, extra.link.label, extra.link.url) : ''}`;
  const text = [...lines, ...(extra.quote ? [extra.quote] : []), ...(extra.link ? [`${extra.link.label}: ${extra.link.url}`] : [])].join(
    '\n\n',
  );
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
    moved ? `Your intro call with ${site.name} has moved to ${when}` : `Your intro call with ${site.name}: ${when}`,
    [
      `Hello ${call.name},`,
      moved
        ? `Your ${call.callMinutes}-minute intro call is now on ${when}.`
        : `Your ${call.callMinutes}-minute intro call is booked for ${when}.`,
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
    moved ? `Intro call moved: ${call.name}, now ${when}` : `New intro call: ${call.name}, ${when}`,
    [
      moved
        ? `${call.name} <${call.email}> moved their intro call to ${when}.`
        : `${call.name} <${call.email}> booked an intro call for ${when}.`,
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
    `Reminder: your intro call with ${site.name} is tomorrow`,
    [`Hello ${call.name},`, `A reminder that your intro call is on ${when}.`],
    {
      link: { label: 'Reschedule or cancel', url: manageUrl },
    },
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
    return message(site, `Intro call cancelled: ${call.name}, ${when}`, [`${who} intro call on ${when}.`]);
  }
  const lines = [
    `Hello ${call.name},`,
    cancelledBy === 'visitor'
      ? `Your intro call on ${when} is cancelled, as you asked.`
      : `I am sorry: your intro call on ${when} has had to be cancelled.`,
  ];
  return message(site, `Cancelled: your intro call with ${site.name} on ${when}`, lines, {
    quote: note || undefined,
    link: { label: 'Book another time', url: `${site.url}/book` },
  });
}
