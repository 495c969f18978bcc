import { PORTAL_LINK_MINUTES } from '#src/schemas/portal.ts';
import { html } from './html.ts';
import { type Brand, button, type EmailContent, emailLayout, paragraph } from './layout.ts';

// The client portal's sign-in email (issue 36 §1): a link for this device and a code for any other
// (a phone's mail app opening links in another browser than the one that asked).

/** The words before the code: the outbox hides what follows them (server/mail/hidden-links.ts). */
export const CODE_LABEL = 'Your sign-in code:';

export function portalSignInEmail(site: Brand, name: string, link: string, code: string): EmailContent {
  const subject = `Your sign-in link for ${site.name}`;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const lasts = `The link and the code work once, for ${PORTAL_LINK_MINUTES} minutes; asking for a new one ends them. If you did not ask to sign in, ignore this email: no one can sign in without it.`;
  return emailLayout(site, {
    subject,
    body: html`${paragraph(greeting)}${paragraph('Sign in to your client portal to see your sessions, credits and notes.')}
${button(site, 'Sign in', link)}
${paragraph(html`${CODE_LABEL} <strong style="font-size:20px;letter-spacing:4px">${code}</strong>`)}
${paragraph(lasts)}`,
    text: `${greeting}

Sign in to your client portal to see your sessions, credits and notes.

Sign in: ${link}

${CODE_LABEL} ${code}

${lasts}`,
  });
}
