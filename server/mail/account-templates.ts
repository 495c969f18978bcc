import { html } from './html.ts';
import { type Brand, button, type EmailContent, emailLayout, paragraph } from './layout.ts';

// The notices an account is sent about its own security (docs/security.md#two-factor-sign-in):
// each says what happened and what to do if it was not the account's owner.

const notYou = (site: Brand) =>
  site.contactEmail
    ? `If this was not you, change your password at once and contact the site's owner at ${site.contactEmail}.`
    : "If this was not you, change your password at once and contact the site's owner.";

const accountLink = (site: Brand) => `${site.url}/admin/account`;

function notice(site: Brand, subject: string, lines: string[], action?: { label: string; url: string }): EmailContent {
  return emailLayout(site, {
    subject,
    body: html`${lines.map((line) => paragraph(line))}${action ? button(site, action.label, action.url) : ''}`,
    text: [...lines, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n'),
  });
}

/** Two-factor sign-in was turned off: from now on the password alone signs the account in. */
export function twoFactorDisabledEmail(site: Brand): EmailContent {
  return notice(
    site,
    `Two-factor sign-in was turned off for your ${site.name} account`,
    [
      'Two-factor sign-in was just turned off for your account: from now on your password alone signs you in. Every other signed-in session of the account was signed out.',
      notYou(site),
    ],
    { label: 'Open your account', url: accountLink(site) },
  );
}

/** A recovery code was used to sign in; `left` are still unused. */
export function recoveryCodeUsedEmail(site: Brand, left: number): EmailContent {
  const remaining =
    left === 0
      ? 'You have no recovery codes left: make new ones on your account page.'
      : `You have ${left} recovery code${left === 1 ? '' : 's'} left. Each works once; you can make new ones on your account page.`;
  return notice(
    site,
    `A recovery code was used to sign in to ${site.name}`,
    ['Someone signed in to your account with one of your recovery codes.', remaining, notYou(site)],
    {
      label: 'Open your account',
      url: accountLink(site),
    },
  );
}

export interface SignInDetails {
  browser: string;
  os: string;
  ip: string | null;
  /** When, already written out (UTC). */
  at: string;
}

/** A browser that had never signed in to the account did. */
export function newDeviceSignInEmail(site: Brand, sign: SignInDetails): EmailContent {
  const where = `${sign.browser} on ${sign.os}${sign.ip ? `, from the address ${sign.ip}` : ''}, on ${sign.at}.`;
  return notice(
    site,
    `New sign-in to your ${site.name} account`,
    [
      'Your account was just signed in to from a browser it had not been used in before:',
      where,
      'If this was you, there is nothing to do. Your account page lists every signed-in session and can sign any of them out.',
      notYou(site),
    ],
    { label: 'See your sessions', url: accountLink(site) },
  );
}
