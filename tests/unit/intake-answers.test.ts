import { describe, expect, test } from 'bun:test';
import { intakeAnswersSchema } from '#src/schemas/intake-answers.ts';
import type { IntakeQuestion } from '#src/schemas/session-type.ts';

// Issue 35 §1: a booking's answers to its session type's intake questions, as the API checks them.

const QUESTIONS: IntakeQuestion[] = [
  { id: 'goal', kind: 'long', label: 'What would you like to work on?', required: true, options: [] },
  { id: 'org', kind: 'short', label: 'Organisation', required: false, options: [] },
  { id: 'role', kind: 'single', label: 'Your role', required: true, options: ['Manager', 'Director'] },
  { id: 'topics', kind: 'multiple', label: 'Topics', required: false, options: ['Delegation', 'Presence', 'Feedback'] },
  { id: 'first', kind: 'yesno', label: 'First session?', required: true, options: [] },
];
const schema = intakeAnswersSchema(QUESTIONS);
const VALID = { goal: 'Leading a new team.\nAnd delegating.', role: 'Director', first: true };

/** The first problem: its message and the question id it names. */
function problem(answers: unknown) {
  const result = schema.safeParse(answers);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  return { message: issue.message, path: issue.path.join('.') };
}

describe('intake answers', () => {
  test('the required answers alone are whole; text is trimmed, empty optional answers are dropped', () => {
    expect(schema.parse({ ...VALID, goal: '  Leading.  ', org: '  ', topics: [] })).toEqual({
      goal: 'Leading.',
      role: 'Director',
      first: true,
    });
    expect(schema.parse({ ...VALID, org: 'Acme', topics: ['Presence', 'Delegation'] })).toEqual({
      ...VALID,
      org: 'Acme',
      topics: ['Presence', 'Delegation'],
    });
    expect(schema.parse({ ...VALID, first: false }).first).toBe(false);
  });

  test('a required answer missing or empty is named by its question', () => {
    expect(problem({ role: 'Director', first: true })).toEqual({
      message: 'What would you like to work on?: an answer is required',
      path: 'goal',
    });
    expect(problem({ ...VALID, goal: '   ' })).toEqual({ message: 'What would you like to work on?: an answer is required', path: 'goal' });
    expect(problem({ goal: 'x', first: true })).toEqual({ message: 'Your role: an answer is required', path: 'role' });
    expect(problem({ goal: 'x', role: 'Manager' })).toEqual({ message: 'First session?: an answer is required', path: 'first' });
  });

  test('each kind takes only its own answers', () => {
    expect(problem({ ...VALID, org: 'a\nb' })).toEqual({ message: 'Organisation: one line of text', path: 'org' });
    expect(problem({ ...VALID, org: 'x'.repeat(201) })).toEqual({ message: 'Organisation: at most 200 characters', path: 'org' });
    expect(problem({ ...VALID, goal: 'x'.repeat(2_001) })).toEqual({
      message: 'What would you like to work on?: at most 2000 characters',
      path: 'goal',
    });
    expect(problem({ ...VALID, role: 'CEO' })).toEqual({ message: 'Your role: choose one of the options', path: 'role' });
    expect(problem({ ...VALID, topics: ['Presence', 'Golf'] })).toEqual({ message: 'Topics: choose among the options', path: 'topics' });
    expect(problem({ ...VALID, topics: ['Presence', 'Presence'] })).toEqual({
      message: 'Topics: choose among the options',
      path: 'topics',
    });
    expect(problem({ ...VALID, topics: 'Presence' })).toEqual({ message: 'Topics: choose among the options', path: 'topics' });
    expect(problem({ ...VALID, first: 'yes' })).toEqual({ message: 'First session?: answer yes or no', path: 'first' });
    expect(problem({ ...VALID, role: 2 })).toEqual({ message: 'Your role: choose one of the options', path: 'role' });
  });

  test('an answer to no question of this session is refused', () => {
    expect(problem({ ...VALID, budget: '1000' })?.path).toBe('');
  });

  test('a type without questions takes an empty object only', () => {
    const none = intakeAnswersSchema([]);
    expect(none.parse({})).toEqual({});
    expect(none.safeParse({ goal: 'x' }).success).toBe(false);
  });
});
