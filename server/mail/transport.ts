import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxEmail } from '#db/schema.ts';
import { type Mailbox, parseMailbox } from './mailbox.ts';
import { type MailSettings, mailSettings } from './settings.ts';

// Nodemailer speaks SMTP to any provider's relay: smtp:// upgrades with STARTTLS when offered,
// smtps:// is TLS from the first byte. One pooled connection per instance; the rate across
// instances is kept by the claims (server/mail/delivery.ts), not here.

let cached: { key: string; transporter: Transporter } | undefined;

function transporter(settings: MailSettings & { smtpUrl: string }): Transporter {
  const key = JSON.stringify([settings.smtpUrl, settings.dkim]);
  if (cached?.key !== key) {
    cached?.transporter.close();
    const url = new URL(settings.smtpUrl);
    cached = {
      key,
      transporter: nodemailer.createTransport({
        host: url.hostname,
        port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
        secure: url.protocol === 'smtps:',
        auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
        pool: true,
        maxConnections: 1,
        // Well inside the outbox lease, so a hung server fails the attempt before another instance retries it.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 30_000,
        dkim: settings.dkim,
      }),
    };
  }
  return cached.transporter;
}

/** Closes the pooled connection (at shutdown). */
export function closeTransport(): void {
  cached?.transporter.close();
  cached = undefined;
}

export type SendResult = { ok: true; response: string } | { ok: false; permanent: boolean; error: string };

const asAddress = (mailbox: Mailbox) => ({ name: mailbox.name, address: mailbox.address });

/** One delivery attempt. An SMTP 5xx answer is permanent; anything else (4xx, refused, timeout) is worth retrying. */
export async function sendEmail(email: OutboxEmail): Promise<SendResult> {
  const settings = mailSettings();
  if (!settings.smtpUrl) return { ok: false, permanent: false, error: 'Email is not configured (SMTP_URL is not set)' };
  const { From: fromHeader, 'Reply-To': replyTo, ...headers } = email.headers;
  const replyToMailbox = replyTo ? parseMailbox(replyTo) : null;
  // An email may name its sender (a newsletter: the coach from the site); the address is always the configured one.
  const from = { name: (fromHeader && parseMailbox(fromHeader)?.name) || settings.from.name, address: settings.from.address };
  try {
    const info = await transporter({ ...settings, smtpUrl: settings.smtpUrl }).sendMail({
      from,
      to: email.toAddress,
      replyTo: replyToMailbox ? asAddress(replyToMailbox) : undefined,
      subject: email.subject,
      html: email.html,
      text: email.text,
      messageId: email.messageId,
      headers,
      // Sent as the text/calendar alternative and an invite.ics attachment, as calendar apps expect.
      icalEvent: email.calendar ? { method: email.calendar.method, content: email.calendar.content, filename: 'invite.ics' } : undefined,
    });
    return { ok: true, response: String(info.response ?? '') };
  } catch (error) {
    const { responseCode, response, message } = error as { responseCode?: number; response?: string; message?: string };
    const permanent = responseCode !== undefined && responseCode >= 500 && responseCode < 600;
    return { ok: false, permanent, error: (response || message || String(error)).slice(0, 1_000) };
  }
}
