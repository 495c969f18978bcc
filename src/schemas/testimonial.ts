import { z } from 'zod';
import { recordId } from './record-id.ts';

// The admin's testimonials (/admin/testimonials, /api/admin/testimonials). The home page shows a
// testimonial only while it is visible and the client's consent is on record: the day they agreed
// and how (a choice, so the list reads the same for every testimonial, plus a free note for the
// specifics: 'Reply to my email of 3 March', 'Signed feedback form').

/** A testimonial as the home page shows it. */
export interface TestimonialSummary {
  id: number;
  content: string;
  authorName: string;
  authorPosition: string;
  authorImageUrl: string | null;
}

export const TESTIMONIAL_CONTENT_MAX = 1_500;
export const TESTIMONIAL_NAME_MAX = 100;
export const TESTIMONIAL_POSITION_MAX = 150;
export const TESTIMONIAL_IMAGE_URL_MAX = 2_048;
export const CONSENT_NOTE_MAX = 500;
export const REORDER_TESTIMONIALS_MAX = 1_000;

/** The ways a coach can record consent. */
export const CONSENT_METHODS = ['in-writing', 'email', 'verbal'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];
/** Stored only by migration 0010 and the seed: shown on the home page as before, flagged in the admin. */
export const CONSENT_BEFORE_TRACKING = 'before-tracking';
export type StoredConsentMethod = ConsentMethod | typeof CONSENT_BEFORE_TRACKING;

export const CONSENT_METHOD_LABELS: Record<StoredConsentMethod, string> = {
  'in-writing': 'In writing',
  email: 'By email',
  verbal: 'Verbally',
  'before-tracking': 'Not recorded (added before consent tracking)',
};

export const CONTENT_REQUIRED = 'Testimonial text is required';
export const AUTHOR_NAME_REQUIRED = 'Client name is required';
export const AUTHOR_POSITION_REQUIRED = 'Client role is required';
export const IMAGE_URL_MESSAGE = 'Photo URL must start with https://, http:// or /';
export const CONSENT_DATE_MESSAGE = 'Consent date must be a date (YYYY-MM-DD)';
export const CONSENT_DATE_FUTURE = 'Consent date cannot be in the future';
export const CONSENT_METHOD_MESSAGE = 'Consent method must be in writing, by email or verbally';
export const CONSENT_DATE_REQUIRED = 'Consent date is required when a method is given';
export const CONSENT_METHOD_REQUIRED = 'Consent method is required when a date is given';
export const VISIBLE_MESSAGE = 'Visible must be true or false';
export const ORDER_MESSAGE = 'order must be a list of testimonial ids';
export const ORDER_INCOMPLETE = 'order must list every testimonial exactly once';
export const TESTIMONIAL_NOT_FOUND = 'Testimonial not found';

const oneLine = (value: string) => !/[\u0000-\u001f\u007f]/.test(value);

const requiredText = (label: string, required: string, max: number) =>
  z.string(required).trim().min(1, required).max(max, `${label} must be at most ${max} characters`);

/** A calendar day, real (no 31 February) and not after today (a day's grace for time zones ahead of UTC). */
const consentDate = z
  .string(CONSENT_DATE_MESSAGE)
  .regex(/^\d{4}-\d{2}-\d{2}$/, CONSENT_DATE_MESSAGE)
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && value >= '1900-01-01';
  }, CONSENT_DATE_MESSAGE)
  .refine((value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now() + 24 * 60 * 60 * 1000, CONSENT_DATE_FUTURE);

const fields = {
  content: requiredText('Testimonial text', CONTENT_REQUIRED, TESTIMONIAL_CONTENT_MAX),
  authorName: requiredText('Client name', AUTHOR_NAME_REQUIRED, TESTIMONIAL_NAME_MAX).refine(
    oneLine,
    'Client name must be one line of text',
  ),
  authorPosition: requiredText('Client role', AUTHOR_POSITION_REQUIRED, TESTIMONIAL_POSITION_MAX).refine(
    oneLine,
    'Client role must be one line of text',
  ),
  /** Blank or null: no photo (the card shows initials). */
  authorImageUrl: z
    .string(IMAGE_URL_MESSAGE)
    .trim()
    .max(TESTIMONIAL_IMAGE_URL_MAX, `Photo URL must be at most ${TESTIMONIAL_IMAGE_URL_MAX} characters`)
    .refine((value) => value === '' || /^(https?:\/\/[^\s/]+|\/(?!\/))\S*$/i.test(value), IMAGE_URL_MESSAGE)
    .nullable()
    .transform((value) => value || null),
  consentGivenAt: consentDate.nullable(),
  consentMethod: z.enum(CONSENT_METHODS, CONSENT_METHOD_MESSAGE).nullable(),
  consentNote: z
    .string('Consent note must be text')
    .trim()
    .max(CONSENT_NOTE_MAX, `Consent note must be at most ${CONSENT_NOTE_MAX} characters`)
    .nullable()
    .transform((value) => value || null),
  visible: z.boolean(VISIBLE_MESSAGE),
};

/**
 * Consent is a day and a method together: one without the other is refused, naming the missing
 * one. A PATCH that sends either must send both (null and null withdraws consent).
 */
function consentTogether(value: { consentGivenAt?: string | null; consentMethod?: string | null }, ctx: z.RefinementCtx) {
  const dateMissing = value.consentGivenAt === undefined || value.consentGivenAt === null;
  const methodMissing = value.consentMethod === undefined || value.consentMethod === null;
  const dateSent = value.consentGivenAt !== undefined;
  const methodSent = value.consentMethod !== undefined;
  if (!dateSent && !methodSent) return;
  if (dateMissing && !methodMissing) ctx.addIssue({ code: 'custom', message: CONSENT_DATE_REQUIRED, path: ['consentGivenAt'] });
  else if (methodMissing && !dateMissing) ctx.addIssue({ code: 'custom', message: CONSENT_METHOD_REQUIRED, path: ['consentMethod'] });
  else if (!dateSent) ctx.addIssue({ code: 'custom', message: CONSENT_DATE_REQUIRED, path: ['consentGivenAt'] });
  else if (!methodSent) ctx.addIssue({ code: 'custom', message: CONSENT_METHOD_REQUIRED, path: ['consentMethod'] });
}

const orNull = <T extends z.ZodType>(schema: T) => schema.optional().transform((value) => value ?? null);

/** POST: a new testimonial, appended last. Without consent it is kept but not shown on the home page. */
export const newTestimonialSchema = z
  .strictObject({
    content: fields.content,
    authorName: fields.authorName,
    authorPosition: fields.authorPosition,
    authorImageUrl: orNull(fields.authorImageUrl),
    consentGivenAt: orNull(fields.consentGivenAt),
    consentMethod: orNull(fields.consentMethod),
    consentNote: orNull(fields.consentNote),
    visible: fields.visible.optional().transform((value) => value ?? true),
  })
  .superRefine(consentTogether);

/** PATCH: any of the fields; `{ visible: false }` hides one, `{ consentGivenAt: null, consentMethod: null }` withdraws consent. */
export const testimonialChangeSchema = z
  .strictObject(fields)
  .partial()
  .superRefine(consentTogether)
  .refine((change) => Object.keys(change).length > 0, 'Nothing to change');

/** POST reorder: every testimonial's id once, first shown first. */
export const reorderTestimonialsSchema = z.strictObject({
  order: z
    .array(recordId(ORDER_MESSAGE), ORDER_MESSAGE)
    .max(REORDER_TESTIMONIALS_MAX, `order may list at most ${REORDER_TESTIMONIALS_MAX} testimonials`),
});

export type NewTestimonial = z.input<typeof newTestimonialSchema>;
export type TestimonialChange = z.input<typeof testimonialChangeSchema>;
export type TestimonialFields = z.output<typeof newTestimonialSchema>;
export type TestimonialPatch = z.output<typeof testimonialChangeSchema>;

/** A testimonial as every /api/admin/testimonials endpoint answers it. */
export interface AdminTestimonial {
  id: number;
  content: string;
  authorName: string;
  authorPosition: string;
  authorImageUrl: string | null;
  /** 0..n-1, the home page's order. */
  position: number;
  visible: boolean;
  consentGivenAt: string | null;
  consentMethod: StoredConsentMethod | null;
  consentNote: string | null;
  /** Visible and consented: on the home page now. */
  shown: boolean;
  createdAt: string;
  updatedAt: string;
}
