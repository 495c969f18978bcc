import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatMoney } from '#src/schemas/money.ts';
import { html } from './html.ts';
import { type Brand, type EmailContent, emailLayout, paragraph } from './layout.ts';

// The emails about money (issue 37 §5): a receipt for every payment and refund, and the
// explanation when a payment came after its held time was let go.

export interface MoneyMovement {
  /** Who paid, as the receipt names them. */
  name: string;
  /** What was bought ("Coaching session, 3 March 2027 at 10:00"). */
  description: string;
  amountMinor: number;
  taxMinor: number;
  currency: string;
  /** The invoice or credit note number, as printed ("INV-0007"). */
  number: string;
  at: Date;
}

const day = (at: Date, timeZone: string) => format(new TZDate(at, timeZone), 'd MMMM yyyy');

function message(site: Brand, subject: string, lines: string[]): EmailContent {
  return emailLayout(site, { subject, body: html`${lines.map((line) => paragraph(line))}`, text: lines.join('\n\n') });
}

const taxLine = (movement: MoneyMovement) =>
  movement.taxMinor > 0 ? ` This includes ${formatMoney(Math.abs(movement.taxMinor), movement.currency)} of tax.` : '';

/** To the payer when a payment is received. */
export function paymentReceiptEmail(site: Brand, paid: MoneyMovement, timeZone: string): EmailContent {
  return message(site, `Receipt ${paid.number}: ${formatMoney(paid.amountMinor, paid.currency)} paid to ${site.name}`, [
    `Hello ${paid.name},`,
    `Thank you: we received your payment of ${formatMoney(paid.amountMinor, paid.currency)} on ${day(paid.at, timeZone)} for ${paid.description}.${taxLine(paid)}`,
    `Your invoice number is ${paid.number}. You can download the invoice from your client portal at ${site.url}/portal.`,
  ]);
}

/** To the payer when money is given back. */
export function refundReceiptEmail(site: Brand, refund: MoneyMovement, reason: string, timeZone: string): EmailContent {
  const amount = formatMoney(Math.abs(refund.amountMinor), refund.currency);
  return message(site, `Refund ${refund.number}: ${amount} from ${site.name}`, [
    `Hello ${refund.name},`,
    `We have refunded ${amount} to you on ${day(refund.at, timeZone)} for ${refund.description}.${reason ? ` Reason: ${reason}.` : ''}`,
    `Card refunds usually reach your account within 5 to 10 working days. Your credit note number is ${refund.number}.`,
  ]);
}

/** To the payer when their payment arrived after the time held for them had been given up. */
export function paymentTooLateEmail(
  site: Brand,
  paid: { name: string; description: string; amountMinor: number; currency: string },
): EmailContent {
  const amount = formatMoney(paid.amountMinor, paid.currency);
  return message(site, `Your payment to ${site.name} is being refunded`, [
    `Hello ${paid.name},`,
    `Your payment of ${amount} for ${paid.description} reached us after the time we were holding for you had run out, so nothing was booked.`,
    `We are refunding the full ${amount} to your card; it usually arrives within 5 to 10 working days. You are welcome to book again at ${site.url}/book.`,
  ]);
}
