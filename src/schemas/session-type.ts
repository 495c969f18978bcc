import { z } from 'zod';
import { BOOKING_LIMITS, callLocationSchema, wholeNumber } from './booking.ts';
import { priceMinorSchema } from './money.ts';
import { SLUG_MAX, SLUG_MESSAGE, SLUG_PATTERN } from './post.ts';

// Session types (issue 35 §1, Admin → Booking → Session types): what a client can book. The free
// intro call is the first; the coach adds paid sessions, packages' sessions, private ones. The
// admin screen and the API validate with these schemas.

/** Who may book a type: anyone; only clients holding a credit for it; only people given its private link. */
export const SESSION_TYPE_ACCESS = ['anyone', 'clients', 'private'] as const;
export type SessionTypeAccess = (typeof SESSION_TYPE_ACCESS)[number];

export const SESSION_TYPE_ACCESS_LABELS: Record<SessionTypeAccess, string> = {
  anyone: 'Anyone',
  clients: 'Only clients with a credit for it',
  private: 'Only through its private link',
};

/** The kinds of intake question: short text, long text, one choice, several choices, yes/no. */
export const QUESTION_KINDS = ['short', 'long', 'single', 'multiple', 'yesno'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  short: 'Short text',
  long: 'Long text',
  single: 'One choice',
  multiple: 'Several choices',
  yesno: 'Yes or no',
};

export const SESSION_TYPE_LIMITS = {
  name: 100,
  description: 2_000,
  minutes: BOOKING_LIMITS.callMinutes,
  bufferMinutes: BOOKING_LIMITS.bufferMinutes,
  minNoticeHours: BOOKING_LIMITS.minNoticeHours,
  dailyCap: BOOKING_LIMITS.dailyCap,
  cancelCutoffHours: { min: 0, max: 720 },
  maxReschedules: { min: 0, max: 20 },
  questions: 20,
  questionLabel: 200,
  options: { min: 2, max: 20 },
  option: 100,
  reorder: 1_000,
} as const;

export const SESSION_TYPE_NAME_REQUIRED = 'Name is required';
export const SESSION_TYPE_SLUG_TAKEN = 'Another session type already uses this slug';
export const SESSION_TYPE_NOT_FOUND = 'Session type not found';
export const INTRO_CALL_KEPT = 'The intro call cannot be deleted: hide it from /book instead';
export const SESSION_TYPE_HAS_BOOKINGS = 'This session type has bookings: hide it from /book instead of deleting it';
export const SESSION_TYPE_ACCESS_MESSAGE = 'Who may book must be anyone, clients or private';
export const QUESTION_KIND_MESSAGE = 'Question kind must be short, long, single, multiple or yesno';
export const QUESTION_LABEL_REQUIRED = 'Question text is required';
export const QUESTION_ID_MESSAGE = 'Question id must be 1 to 40 lowercase letters, digits or hyphens';
export const QUESTION_IDS_UNIQUE = 'Each question needs its own id';
export const OPTIONS_NEEDED = `A choice question needs ${SESSION_TYPE_LIMITS.options.min} to ${SESSION_TYPE_LIMITS.options.max} options`;
export const OPTIONS_UNIQUE = 'The options of a question must differ from each other';
export const OPTIONS_NOT_ALLOWED = 'Only a choice question has options';
export const SESSION_TYPE_ORDER_MESSAGE = 'order must be a list of session type ids';
export const SESSION_TYPE_ORDER_INCOMPLETE = 'order must list every session type exactly once';

const oneLine = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

const requiredLine = (label: string, required: string, max: number) =>
  z
    .string(required)
    .trim()
    .min(1, required)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(oneLine, `${label} must be one line of text`);

export const intakeQuestionSchema = z
  .strictObject({
    /** Stable across edits, so answers stay tied to their question when the text changes. */
    id: z.string(QUESTION_ID_MESSAGE).regex(/^[a-z0-9-]{1,40}$/, QUESTION_ID_MESSAGE),
    kind: z.enum(QUESTION_KINDS, QUESTION_KIND_MESSAGE),
    label: requiredLine('Question text', QUESTION_LABEL_REQUIRED, SESSION_TYPE_LIMITS.questionLabel),
    required: z.boolean('Required must be true or false'),
    options: z
      .array(requiredLine('An option', 'An option cannot be empty', SESSION_TYPE_LIMITS.option), 'Options must be a list of texts')
      .max(SESSION_TYPE_LIMITS.options.max, OPTIONS_NEEDED),
  })
  .superRefine((question, context) => {
    const choice = question.kind === 'single' || question.kind === 'multiple';
    if (choice && question.options.length < SESSION_TYPE_LIMITS.options.min) {
      context.addIssue({ code: 'custom', message: OPTIONS_NEEDED, path: ['options'] });
    } else if (!choice && question.options.length > 0) {
      context.addIssue({ code: 'custom', message: OPTIONS_NOT_ALLOWED, path: ['options'] });
    } else if (new Set(question.options.map((option) => option.toLowerCase())).size !== question.options.length) {
      context.addIssue({ code: 'custom', message: OPTIONS_UNIQUE, path: ['options'] });
    }
  });
export type IntakeQuestion = z.infer<typeof intakeQuestionSchema>;

/** A session type as the coach writes it (POST creates, PUT replaces). Null numbers follow Availability's. */
export const sessionTypeInputSchema = z.strictObject({
  name: requiredLine('Name', SESSION_TYPE_NAME_REQUIRED, SESSION_TYPE_LIMITS.name),
  slug: z
    .string(SLUG_MESSAGE)
    .trim()
    .min(1, SLUG_MESSAGE)
    .max(SLUG_MAX, SLUG_MESSAGE)
    .refine((value) => SLUG_PATTERN.test(value), SLUG_MESSAGE),
  description: z
    .string('Description must be text')
    .trim()
    .max(SESSION_TYPE_LIMITS.description, `Description must be at most ${SESSION_TYPE_LIMITS.description} characters`),
  /** Minutes; null: Availability's call length. */
  minutes: wholeNumber('Length', SESSION_TYPE_LIMITS.minutes).nullable(),
  bufferMinutes: wholeNumber('Buffer', SESSION_TYPE_LIMITS.bufferMinutes).nullable(),
  minNoticeHours: wholeNumber('Minimum notice', SESSION_TYPE_LIMITS.minNoticeHours).nullable(),
  /** At most this many of this type on one day; null: no cap of its own. */
  dailyCap: wholeNumber('Sessions per day', SESSION_TYPE_LIMITS.dailyCap).nullable(),
  /** Where it happens ('none': sent later); null: where calls happen, as Availability says. */
  location: callLocationSchema.nullable(),
  access: z.enum(SESSION_TYPE_ACCESS, SESSION_TYPE_ACCESS_MESSAGE),
  /** Listed on /book (a private type never is). */
  listed: z.boolean('Listed must be true or false'),
  /** Its price in the site currency's minor unit (issue 37): paid at booking through Stripe; null: free. */
  priceMinor: priceMinorSchema.nullable().default(null),
  /** Hours before the start until which the client's cancel or reschedule is free. */
  cancelCutoffHours: wholeNumber('Cancellation cut-off', SESSION_TYPE_LIMITS.cancelCutoffHours),
  /** How many times a client may move one session; null: no limit. */
  maxReschedules: wholeNumber('Reschedules', SESSION_TYPE_LIMITS.maxReschedules).nullable(),
  questions: z
    .array(intakeQuestionSchema, 'Questions must be a list')
    .max(SESSION_TYPE_LIMITS.questions, `A session type has at most ${SESSION_TYPE_LIMITS.questions} questions`)
    .refine((questions) => new Set(questions.map((question) => question.id)).size === questions.length, QUESTION_IDS_UNIQUE),
});
export type SessionTypeInput = z.output<typeof sessionTypeInputSchema>;

export const INTRO_CALL_FREE = 'The intro call is free: it has no price';

/** A stored session type. */
export interface StoredSessionType extends SessionTypeInput {
  id: number;
  /** The free intro call: the type /book has always booked; it cannot be deleted. */
  intro: boolean;
  position: number;
  /** The key of its private link, /book/{slug}?key=… */
  privateKey: string;
}

/** A session type as the admin reads it. */
export interface SessionType extends StoredSessionType {
  /** Confirmed and past bookings of this type. */
  bookingCount: number;
}

/** The address that books a type: its private link for a private type. */
export const bookingPath = (type: Pick<StoredSessionType, 'slug' | 'access' | 'privateKey'>) =>
  type.access === 'private' ? `/book/${type.slug}?key=${type.privateKey}` : `/book/${type.slug}`;

export const reorderSessionTypesSchema = z.strictObject({
  order: z
    .array(
      z.number(SESSION_TYPE_ORDER_MESSAGE).int(SESSION_TYPE_ORDER_MESSAGE).positive(SESSION_TYPE_ORDER_MESSAGE),
      SESSION_TYPE_ORDER_MESSAGE,
    )
    .max(SESSION_TYPE_LIMITS.reorder, SESSION_TYPE_ORDER_MESSAGE),
});
