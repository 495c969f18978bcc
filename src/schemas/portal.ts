import { z } from 'zod';
import { type ManagedBooking, timeZoneSchema } from './booking.ts';
import { CLIENT_LIMITS, CLIENT_NAME_REQUIRED, oneLine } from './client.ts';
import { LOGIN_EMAIL_MESSAGE } from './login.ts';
import type { IntakeQuestion } from './session-type.ts';

// The client portal (issue 36): signing in with an emailed link or its 6-digit code, and what a
// signed-in client reads and changes. Every answer holds the signed-in client's own rows only.

export const PORTAL_LINK_MINUTES = 15;
/** Wrong codes one emailed sign-in takes before it is spent. */
export const PORTAL_CODE_ATTEMPTS = 5;

export const PORTAL_SIGN_IN_SENT = `If that address belongs to a client, a sign-in link and a 6-digit code are on their way to it. They work once, for ${PORTAL_LINK_MINUTES} minutes.`;
export const PORTAL_CODE_WRONG = 'That code is not right, or it has expired. Use the code in the latest email, or ask for a new one.';
export const PORTAL_LINK_INVALID = 'This sign-in link has expired or has already been used. Ask for a new one.';
export const PORTAL_SIGNED_OUT = 'Please sign in to your client portal';
export const PORTAL_SESSION_NOT_FOUND = 'That signed-in browser was not found';
export const PORTAL_BOOKING_NOT_FOUND = 'Session not found';
export const PORTAL_ACTION_ITEM_NOT_FOUND = 'Action item not found';
export const PORTAL_DISABLED = "This client's portal access is turned off";
export const tooManyPortalRequests = (minutes: number) =>
  `Too many sign-in requests. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
export const tooManyPortalCodes = (minutes: number) => `Too many wrong codes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

const emailField = z.string(LOGIN_EMAIL_MESSAGE).trim().max(254, LOGIN_EMAIL_MESSAGE).pipe(z.email(LOGIN_EMAIL_MESSAGE));

/** POST /api/portal/sign-in: the address to send a link and code to. */
export const portalSignInSchema = z.strictObject({ email: emailField });

/** POST /api/portal/sign-in/code: the address and the code from the email. */
export const portalCodeSchema = z.strictObject({
  email: emailField,
  code: z
    .string('Enter the 6-digit code from the email')
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from the email'),
});

/** POST /api/portal/sign-in/link: the link's token (the page posts it: a mail scanner's GET spends nothing). */
export const portalLinkSchema = z.strictObject({
  token: z.string('The sign-in link is incomplete').min(1, 'The sign-in link is incomplete').max(200, PORTAL_LINK_INVALID),
});

/** PATCH /api/portal/sessions/:id/action-items/:index: ticked off or not. */
export const actionItemTickSchema = z.strictObject({ done: z.boolean('done must be true or false') });

/** PUT /api/admin/clients/:id/portal: the coach turns the client's portal on or off. */
export const portalAccessSchema = z.strictObject({ enabled: z.boolean('enabled must be true or false') });
export const PORTAL_LINK_SENT_BY_COACH = 'A sign-in link is on its way to the client.';

/** POST /api/portal/me/sessions/:id/answers: the intake answers of a session booked without them. */
export const portalAnswersSchema = z.strictObject({ answers: z.unknown() });
export const ANSWERS_ALREADY_GIVEN = 'This session’s questions are already answered';

/** PUT /api/portal/me/profile: what a client changes about themselves. */
export const portalProfileSchema = z.strictObject({
  name: oneLine('Name', CLIENT_LIMITS.name).pipe(z.string().min(1, CLIENT_NAME_REQUIRED)),
  /** null: as each booking says. */
  timeZone: timeZoneSchema.nullable(),
  /** The reminder a day before each session. */
  reminders: z.boolean('reminders must be true or false'),
  /** "One credit left" and "credits expire soon". */
  creditNotices: z.boolean('creditNotices must be true or false'),
});
export type PortalProfileInput = z.infer<typeof portalProfileSchema>;

export const ERASURE_REQUESTED =
  'Your request is with your coach, who will erase what the site holds about you and confirm by email. Until then, everything stays as it is.';
export const ERASURE_ALREADY_REQUESTED = 'You have already asked for erasure: your coach has your request.';

/** What the sign-in endpoints answer. */
export interface PortalMessage {
  message: string;
}

/** A session ahead: the booking's manage view, with the token its manage actions take. */
export interface PortalUpcoming extends ManagedBooking {
  id: number;
  /** The same key as the email's manage link: moving and cancelling go through the same code. */
  manageToken: string;
  /** The session type's intake questions, when they are still to answer (a session the coach booked); else null. */
  questions: IntakeQuestion[] | null;
}

/** A session that has taken place (or was cancelled), with what the coach shared of it. */
export interface PortalPast {
  id: number;
  session: string;
  start: string;
  end: string;
  status: 'confirmed' | 'cancelled';
  noShow: boolean;
  /** The shared notes as HTML (rendered from the coach's Markdown); null: none shared. */
  sharedNotes: string | null;
  actionItems: { text: string; done: boolean }[];
}

/** One movement of a package's credits, in words. */
export interface PortalCreditMovement {
  at: string;
  movement: string;
  amount: number;
  reason: string;
}

export interface PortalPackage {
  id: number;
  name: string;
  sessions: number;
  left: number;
  expiresAt: string | null;
  expired: boolean;
  ledger: PortalCreditMovement[];
}

/** A session type the client may book now, and the credit it would take. */
export interface PortalBookable {
  /** Its booking page (a private type's with its key). */
  path: string;
  name: string;
  /** null: the length the booking hours set. */
  minutes: number | null;
  /** The package whose credit it takes, and how many are left there; null: no credit needed. */
  credit: { package: string; left: number } | null;
}

/** GET /api/portal/me: everything the portal's home shows. */
export interface PortalOverview {
  client: PortalProfile;
  bookable: PortalBookable[];
  upcoming: PortalUpcoming[];
  past: PortalPast[];
  packages: PortalPackage[];
}

/** The client as the portal shows them, with the emails they chose. */
export interface PortalProfile {
  name: string;
  email: string;
  timeZone: string | null;
  reminders: boolean;
  creditNotices: boolean;
  /** When they asked for erasure; null: not asked. */
  erasureRequestedAt: string | null;
}

/** A signed-in browser of the client's, for "Signed-in browsers". */
export interface PortalBrowser {
  /** A handle: the first 16 hex digits of the stored id (itself a hash of the token). */
  id: string;
  browser: string;
  os: string;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
}

/** Admin → Privacy: a client's request, from the portal, to erase what is held about them. */
export interface ErasureRequest {
  clientId: number;
  name: string;
  email: string;
  requestedAt: string;
}

/** Admin → Clients: the client's use of the portal. */
export interface PortalAccess {
  disabled: boolean;
  lastSeenAt: string | null;
  browsers: number;
}
