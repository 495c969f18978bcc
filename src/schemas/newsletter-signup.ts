import * as z from 'zod/mini';

// The newsletter signup form (on posts, in the footer, on /services#newsletter) and the links of
// its emails. zod/mini: the form validates in the browser with this very schema.

export const SIGNUP_EMAIL_MESSAGE = 'Please enter a valid email address';
export const SIGNUP_SOURCES = ['post', 'footer', 'services'] as const;

const optionalName = (label: string) =>
  z.pipe(
    z.optional(z.string(`${label} must be text`).check(z.trim(), z.maxLength(100, `${label} must be at most 100 characters`))),
    z.transform((value) => value || undefined),
  );

export const signupSchema = z.strictObject({
  email: z.pipe(z.string(SIGNUP_EMAIL_MESSAGE).check(z.trim(), z.maxLength(254, SIGNUP_EMAIL_MESSAGE)), z.email(SIGNUP_EMAIL_MESSAGE)),
  firstName: optionalName('First name'),
  lastName: optionalName('Last name'),
  source: z.optional(z.enum(SIGNUP_SOURCES, 'source must be post, footer or services')),
  /** Honeypot: hidden from people, filled in by bots. */
  website: z.optional(z.string()),
});

export const linkTokenSchema = z.strictObject({
  token: z.string('The link is incomplete').check(z.minLength(1, 'The link is incomplete'), z.maxLength(200, 'This link is not valid')),
});

/** The same answer to every signup, whatever the address (nobody can learn who subscribes). */
export const SIGNUP_ACCEPTED = 'Thank you! Check your inbox: we have sent you a link to confirm your subscription.';
export const CONFIRMED = 'Your subscription is confirmed. Welcome aboard!';
export const ALREADY_SUBSCRIBED = "You're already subscribed";
/** Where the confirmation e-mail's link leads. */
export const CONFIRM_PAGE_PATH = '/newsletter/confirm';
export const CONFIRM_LINK_INVALID = 'This confirmation link is not valid or has expired. Subscribe again to get a new one.';
export const UNSUBSCRIBED = 'You have been unsubscribed. You will not receive the newsletter any more.';
/** Subscribing again from the unsubscribe page is confirmed by email too (a forwarded newsletter carries the link). */
export const RESUBSCRIBE_SENT = 'Check your inbox: we have sent you a link to confirm that you want the newsletter again.';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid.';
export const SIGNUP_CLOSED = 'The newsletter is not open for signups';

export interface NewsletterAnswer {
  message: string;
}
