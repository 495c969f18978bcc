import { CODE_LABEL } from './portal-templates.ts';

// A link that acts for its reader (reset a password, move or cancel a booking, confirm or end a
// newsletter subscription, sign in to the client portal) carries a token; a portal sign-in email
// also a code. Wherever someone other than the reader can see an email's words — the admin's
// outbox, a privacy export an admin downloads — the token and the code are hidden: another admin
// must not be able to act as the owner with the owner's reset link (issue 33 §2).
// The email itself is sent whole; Resend sends it again without anyone seeing it.

export const HIDDEN_TOKEN = 'hidden';

/** `token=` in a query string (`&amp;token=` in HTML too), up to where the value ends. */
const TOKEN = /([?&](?:amp;)?token=)[^&"'\s<>]+/g;

/** A portal sign-in code (server/mail/portal-templates.ts), after its label and any markup. */
const CODE = new RegExp(`(${CODE_LABEL}(?:\\s|<[^>]*>)*)\\d{6}`, 'g');

export const hideTokens = (text: string) => text.replace(TOKEN, `$1${HIDDEN_TOKEN}`).replace(CODE, `$1${HIDDEN_TOKEN}`);
