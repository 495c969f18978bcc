import { NO_LOCATION } from '#src/schemas/booking.ts';
import { moneyInput, parseMoney } from '#src/schemas/money.ts';
import {
  type IntakeQuestion,
  type QuestionKind,
  type SessionType,
  type SessionTypeAccess,
  type SessionTypeInput,
  sessionTypeInputSchema,
} from '#src/schemas/session-type.ts';
import { LOCATION_PLACES, type LocationDraft, locationDraftOf, locationOf, numberOf } from '../availability-form.ts';

// The session type form (issue 35 §1): its numbers as typed, where it happens (or "as in
// Availability"), who may book it, and its intake questions; turned into the API's input and
// checked by the server's own schema, so the form says what the server would.

export interface QuestionDraft {
  id: string;
  kind: QuestionKind;
  label: string;
  required: boolean;
  /** A choice question's options, one per line. */
  optionsText: string;
}

export interface SessionTypeDraft extends LocationDraft {
  name: string;
  slug: string;
  description: string;
  /** '' follows Availability. */
  minutes: string;
  bufferMinutes: string;
  minNoticeHours: string;
  /** '' for no cap of its own. */
  dailyCap: string;
  /** Where it happens follows Availability's "Where calls happen". */
  placeAsAvailability: boolean;
  access: SessionTypeAccess;
  listed: boolean;
  cancelCutoffHours: string;
  /** '' for no limit. */
  maxReschedules: string;
  /** The price as typed, in the site's currency ('' : free). */
  price: string;
  /** The site's currency, which the price is typed in (not edited here). */
  currency: string;
  questions: QuestionDraft[];
}

export const PRICE_MESSAGE = 'Price must be an amount such as 120 or 120.50, or empty for free';

const text = (value: number | null) => (value === null ? '' : String(value));
const optional = (value: string) => (value.trim() === '' ? null : numberOf(value));

export const questionDraftOf = (question: IntakeQuestion): QuestionDraft => ({
  id: question.id,
  kind: question.kind,
  label: question.label,
  required: question.required,
  optionsText: question.options.join('\n'),
});

/** A new question's id: unique in its type, and kept when its text changes. */
export const newQuestion = (taken: string[]): QuestionDraft => {
  let n = taken.length + 1;
  while (taken.includes(`q${n}`)) n += 1;
  return { id: `q${n}`, kind: 'short', label: '', required: false, optionsText: '' };
};

export const isChoice = (kind: QuestionKind) => kind === 'single' || kind === 'multiple';

export function draftOf(type: SessionType | null, currency: string): SessionTypeDraft {
  return {
    name: type?.name ?? '',
    slug: type?.slug ?? '',
    description: type?.description ?? '',
    minutes: text(type?.minutes ?? 60),
    bufferMinutes: text(type?.bufferMinutes ?? null),
    minNoticeHours: text(type?.minNoticeHours ?? null),
    dailyCap: text(type?.dailyCap ?? null),
    placeAsAvailability: type ? type.location === null : true,
    ...locationDraftOf(type?.location ?? NO_LOCATION),
    access: type?.access ?? 'anyone',
    listed: type?.listed ?? true,
    cancelCutoffHours: text(type?.cancelCutoffHours ?? 24),
    maxReschedules: text(type?.maxReschedules ?? null),
    price: type?.priceMinor ? moneyInput(type.priceMinor, currency) : '',
    currency,
    questions: (type?.questions ?? []).map(questionDraftOf),
  };
}

/** The typed price in minor units: null when empty, NaN when it is not an amount (the schema says so). */
const priceOf = (draft: SessionTypeDraft) => (draft.price.trim() === '' ? null : (parseMoney(draft.price, draft.currency) ?? Number.NaN));

export function inputOf(draft: SessionTypeDraft): SessionTypeInput {
  return {
    name: draft.name,
    slug: draft.slug,
    description: draft.description,
    minutes: optional(draft.minutes),
    bufferMinutes: optional(draft.bufferMinutes),
    minNoticeHours: optional(draft.minNoticeHours),
    dailyCap: optional(draft.dailyCap),
    location: draft.placeAsAvailability ? null : locationOf(draft),
    access: draft.access,
    listed: draft.listed,
    cancelCutoffHours: numberOf(draft.cancelCutoffHours),
    maxReschedules: optional(draft.maxReschedules),
    priceMinor: priceOf(draft),
    questions: draft.questions.map((question) => ({
      id: question.id,
      kind: question.kind,
      label: question.label,
      required: question.required,
      options: isChoice(question.kind)
        ? question.optionsText
            .split('\n')
            .map((option) => option.trim())
            .filter(Boolean)
        : [],
    })),
  };
}

/**
 * The schema's first message for each place on the form: a field's name, where it happens by
 * its value's field ('videoUrl', 'phone', 'address'), a question's 'questions.0.label' or
 * 'questions.0.options', and 'questions' for the list.
 */
export function draftErrors(draft: SessionTypeDraft): Partial<Record<string, string>> {
  const result = sessionTypeInputSchema.safeParse(inputOf(draft));
  const errors: Partial<Record<string, string>> = {};
  if (Number.isNaN(priceOf(draft))) errors.price = PRICE_MESSAGE;
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const [field, ...rest] = issue.path.map(String);
    const key =
      field === 'priceMinor'
        ? 'price'
        : field === 'location'
          ? (LOCATION_PLACES[rest[0] ?? ''] ?? 'locationKind')
          : field === 'questions' && rest.length > 0
            ? `questions.${rest[0]}.${rest[1] ?? 'label'}`
            : String(field);
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Every place a message can show, in the order the form shows them. */
export const errorOrder = (draft: SessionTypeDraft): string[] => [
  'name',
  'slug',
  'description',
  'minutes',
  'bufferMinutes',
  'minNoticeHours',
  'dailyCap',
  'locationKind',
  'videoUrl',
  'phone',
  'address',
  'access',
  'price',
  'cancelCutoffHours',
  'maxReschedules',
  'questions',
  ...draft.questions.flatMap((_, index) => [`questions.${index}.label`, `questions.${index}.options`]),
];
