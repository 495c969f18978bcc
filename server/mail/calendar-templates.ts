import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { asSentence } from '#src/schemas/calendars.ts';
import { html } from './html.ts';
import { type Brand, type EmailContent, emailLayout, paragraph } from './layout.ts';

// To the coach, once, when one of their calendars has not been read for longer than the site
// allows (issue 34 §3): booking goes on, but times they are busy there may be offered.

export function calendarUnreadableEmail(
  site: Brand,
  calendar: { name: string; error: string; since: Date },
  timeZone: string,
): EmailContent {
  const since = format(new TZDate(calendar.since, timeZone), "d MMMM yyyy 'at' HH:mm");
  const subject = `Your calendar “${calendar.name}” cannot be read`;
  const lines = [
    `Since ${since}, the site has not been able to read your calendar “${calendar.name}”: ${asSentence(calendar.error)}`,
    'Visitors can still book, but a time you are busy in that calendar may be offered to them.',
    `Check it in Admin → Booking, under Calendars: ${site.url}/admin/booking`,
    'This email is sent once; the site keeps trying and the warning goes away when a read works.',
  ];
  return emailLayout(site, { subject, body: html`${lines.map((line) => paragraph(line))}`, text: lines.join('\n\n') });
}
