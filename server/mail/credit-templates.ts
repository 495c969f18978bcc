import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { html } from './html.ts';
import { type Brand, type EmailContent, emailLayout, paragraph } from './layout.ts';

// The emails about a client's package credits (issue 35 §3): one when a single credit is left, one
// 14 days before unused credits expire. Each says what is left and until when, in the client's zone.

export interface PackageCredits {
  name: string;
  package: string;
  left: number;
  expiresAt: Date | null;
}

const day = (at: Date, timeZone: string) => format(new TZDate(at, timeZone), 'd MMMM yyyy');
const credits = (count: number) => `${count} session credit${count === 1 ? '' : 's'}`;

function message(site: Brand, subject: string, lines: string[]): EmailContent {
  return emailLayout(site, { subject, body: html`${lines.map((line) => paragraph(line))}`, text: lines.join('\n\n') });
}

/** To the client when their package is down to its last credit. */
export function lastCreditEmail(site: Brand, held: PackageCredits, timeZone: string): EmailContent {
  return message(site, `One session left in your package “${held.package}”`, [
    `Hello ${held.name},`,
    held.expiresAt
      ? `You have one session credit left in your package “${held.package}”, to use by ${day(held.expiresAt, timeZone)}.`
      : `You have one session credit left in your package “${held.package}”.`,
    `If you would like to continue after it, reply to this email and ${site.name} will be glad to talk about what comes next.`,
  ]);
}

/** To the client 14 days before unused credits expire. */
export function creditsExpiringEmail(site: Brand, held: PackageCredits, timeZone: string): EmailContent {
  const until = day(held.expiresAt!, timeZone);
  const subject = held.left === 1 ? `Your session credit expires on ${until}` : `Your ${held.left} session credits expire on ${until}`;
  return message(site, subject, [
    `Hello ${held.name},`,
    `You have ${credits(held.left)} left in your package “${held.package}”. Unused credits expire on ${until}.`,
    `Book a time before then: ${site.url}/book`,
  ]);
}
