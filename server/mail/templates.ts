import { html, sanitizedHtml } from './html.ts';
import { type Brand, button, type EmailContent, emailLayout, paragraph, quote } from './layout.ts';

// Every email the site sends. Values from users arrive as plain strings: html`` escapes them, and
// the outbox keeps line breaks out of the subject and headers.

export interface ContactNotice {
  id: number;
  name: string;
  email: string;
  subject?: string | null;
  message: string;
}

/** To the coach, for each accepted contact message. */
export function contactNotification(site: Brand, message: ContactNotice): EmailContent {
  const link = `${site.url}/admin/contact-messages?message=${message.id}`;
  const topic = message.subject?.trim() || 'No subject';
  const subject = `New message from ${message.name}: ${topic}`;
  return emailLayout(site, {
    subject,
    body: html`${paragraph(html`<strong>${message.name}</strong> &lt;${message.email}&gt; wrote through the contact form.`)}
${paragraph(html`Subject: ${topic}`)}
${quote(site, message.message)}
${paragraph('Reply to this email to answer them directly.')}
${button(site, 'Open in the admin', link)}`,
    text: `${message.name} <${message.email}> wrote through the contact form.

Subject: ${topic}

${message.message}

Reply to this email to answer them directly.
Open in the admin: ${link}`,
  });
}

export const RESET_LINK_MINUTES = 30;

/** To an account that asked for a new password. */
export function passwordResetEmail(site: Brand, url: string): EmailContent {
  const subject = `Reset your ${site.name} password`;
  return emailLayout(site, {
    subject,
    body: html`${paragraph('Someone (hopefully you) asked to reset the password of your account.')}
${button(site, 'Choose a new password', url)}
${paragraph(`The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`)}`,
    text: `Someone (hopefully you) asked to reset the password of your account.

Choose a new password: ${url}

The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
  });
}

/** To an account whose password an administrator changed. */
export function passwordChangedEmail(site: Brand): EmailContent {
  const subject = `Your ${site.name} password was changed`;
  const lines = [
    'An administrator changed the password of your account, and every signed-in session of it has been signed out.',
    site.contactEmail
      ? `If this was not expected, contact the site's owner at ${site.contactEmail}.`
      : "If this was not expected, contact the site's owner.",
  ];
  return emailLayout(site, { subject, body: html`${lines.map((line) => paragraph(line))}`, text: lines.join('\n\n') });
}

/** The admin's 'Send test email'. */
export function testEmail(site: Brand, to: string): EmailContent {
  const subject = `Test email from ${site.name}`;
  return emailLayout(site, {
    subject,
    body: html`${paragraph(html`This is a test email sent to <strong>${to}</strong> from the admin's outbox.`)}
${paragraph('If you can read it, the site can send email.')}`,
    text: `This is a test email sent to ${to} from the admin's outbox.

If you can read it, the site can send email.`,
  });
}

export const CONFIRM_LINK_DAYS = 7;

/** To an address that asked for the newsletter: the double opt-in. */
export function newsletterConfirmationEmail(site: Brand, link: string): EmailContent {
  const subject = `Confirm your subscription to ${site.name}`;
  const lines = [
    `Someone (hopefully you) asked to receive the ${site.name} newsletter at this address.`,
    `To start receiving it, confirm within ${CONFIRM_LINK_DAYS} days. If it was not you, ignore this email: nothing will be sent.`,
  ];
  return emailLayout(site, {
    subject,
    body: html`${paragraph(lines[0]!)}${button(site, 'Confirm subscription', link)}${paragraph(lines[1]!)}`,
    text: `${lines[0]}\n\nConfirm subscription: ${link}\n\n${lines[1]}`,
  });
}

export interface NewsletterContent {
  subject: string;
  /** The body through the site's Markdown sanitiser. */
  bodyHtml: string;
  /** The body as written (Markdown reads well as plain text). */
  bodyText: string;
}

/** A newsletter to one reader, with their own unsubscribe link. */
export function newsletterEmail(site: Brand, newsletter: NewsletterContent, unsubscribeUrl: string): EmailContent {
  const why = `You receive this because you subscribed to the ${site.name} newsletter.`;
  return emailLayout(site, {
    subject: newsletter.subject,
    body: html`<div style="line-height:1.6">${sanitizedHtml(newsletter.bodyHtml)}</div>
<p style="margin:32px 0 0;font-size:13px;color:#5b6472">${why} <a href="${unsubscribeUrl}" style="color:#5b6472">Unsubscribe</a></p>`,
    text: `${newsletter.bodyText}\n\n${why}\nUnsubscribe: ${unsubscribeUrl}`,
  });
}
