import { constantTimeEqual } from '@oslojs/crypto/subtle';
import type { Database } from '#db/client.ts';
import { notFound } from '#server/errors.ts';
import { ValidationError } from '#server/validation.ts';
import type { Availability } from '#src/schemas/booking.ts';
import { type AskedAnswer, askedAnswers, intakeAnswersSchema } from '#src/schemas/intake-answers.ts';
import { SESSION_TYPE_NOT_FOUND, type StoredSessionType } from '#src/schemas/session-type.ts';
import { sessionTypeBySlug } from '../session-types.ts';
import type { TypeCap } from './slots.ts';

// What a visitor may book at /book/{slug}: its session type, whether they may book it, and the
// rules its slots follow (the coach's availability with the type's own length, buffer, notice
// and daily cap).

export const CREDIT_NEEDED_MESSAGE = 'This session is for clients with a session credit. Please get in touch to book it.';

/** Which type a request books: its slug (none: the intro call) and, for a private one, the key of its link. */
export interface SessionTypeRef {
  slug?: string;
  key?: string;
}

const encoder = new TextEncoder();
// Compared in constant time: a timing would otherwise tell how much of a guessed key is right.
const keyMatches = (given: string | undefined, expected: string) =>
  given !== undefined && constantTimeEqual(encoder.encode(given), encoder.encode(expected));

/** The coach's availability as this type overrides it. */
export const rulesOf = (type: StoredSessionType, availability: Availability): Availability => ({
  ...availability,
  callMinutes: type.minutes ?? availability.callMinutes,
  bufferMinutes: type.bufferMinutes ?? availability.bufferMinutes,
  minNoticeHours: type.minNoticeHours ?? availability.minNoticeHours,
  location: type.location ?? availability.location,
});

export const typeCapOf = (type: StoredSessionType): TypeCap | undefined =>
  type.dailyCap === null ? undefined : { sessionTypeId: type.id, dailyCap: type.dailyCap };

/**
 * The type a visitor asked for, if they may see it: an unknown slug and a private type's wrong key
 * are the same 404, so a private type's address says nothing without its key.
 */
export async function visibleSessionType(db: Database, ref: SessionTypeRef): Promise<StoredSessionType> {
  const type = await sessionTypeBySlug(ref.slug, db);
  if (!type || !visibleWith(type, ref.key)) throw notFound(SESSION_TYPE_NOT_FOUND);
  return type;
}

/** Whether a type shows to someone holding `key`: a private one only with its link's key. */
export const visibleWith = (type: StoredSessionType, key: string | undefined) =>
  type.access !== 'private' || keyMatches(key, type.privateKey);

/** The answers to the type's questions, checked, with each question's text; a 400 naming the question otherwise. */
export function checkedAnswers(type: StoredSessionType, answers: unknown): AskedAnswer[] {
  const parsed = intakeAnswersSchema(type.questions).safeParse(answers ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const key = issue.code === 'unrecognized_keys' ? issue.keys[0] : undefined;
    throw new ValidationError(issue.message, ['answers', ...issue.path, ...(key ? [key] : [])].join('.'));
  }
  return askedAnswers(type.questions, parsed.data);
}
