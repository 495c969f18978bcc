import { z } from 'zod';
import type { IntakeQuestion } from './session-type.ts';

// The answers to a session type's intake questions (issue 35 §1), as /book/{slug} sends them with
// a booking: by question id; checked against the type's questions as they stand when it is booked.

export const ANSWER_LIMITS = { short: 200, long: 2_000 } as const;

export type IntakeAnswer = string | string[] | boolean;
export type IntakeAnswers = Record<string, IntakeAnswer>;

export const answerRequired = (question: IntakeQuestion) => `${question.label}: an answer is required`;
const tooLong = (question: IntakeQuestion, max: number) => `${question.label}: at most ${max} characters`;
const oneLineOnly = (question: IntakeQuestion) => `${question.label}: one line of text`;
const notAnOption = (question: IntakeQuestion) => `${question.label}: choose one of the options`;
const notOptions = (question: IntakeQuestion) => `${question.label}: choose among the options`;
const notYesNo = (question: IntakeQuestion) => `${question.label}: answer yes or no`;
export const UNKNOWN_QUESTION = 'Answers must be to this session’s questions';

/** One question's answer: text within its limit, an option, options, or yes/no; empty when not required. */
function answerSchema(question: IntakeQuestion): z.ZodType<IntakeAnswer | undefined> {
  const required = answerRequired(question);
  switch (question.kind) {
    case 'short':
    case 'long': {
      const max = ANSWER_LIMITS[question.kind];
      const text = z
        .string(required)
        .trim()
        .max(max, tooLong(question, max))
        .refine((value) => question.kind === 'long' || !/[\r\n]/.test(value), oneLineOnly(question));
      return question.required ? text.pipe(z.string().min(1, required)) : text.optional();
    }
    case 'single': {
      const choice = z
        .string({ error: (issue) => (issue.input === undefined ? required : notAnOption(question)) })
        .refine((value) => question.options.includes(value), notAnOption(question));
      // An optional choice left at "no choice" ('' from a select) is no answer.
      return question.required ? choice : z.preprocess((value) => (value === '' ? undefined : value), choice.optional());
    }
    case 'multiple': {
      const choices = z
        .array(z.string(notOptions(question)), notOptions(question))
        .refine((values) => values.every((value) => question.options.includes(value)), notOptions(question))
        .refine((values) => new Set(values).size === values.length, notOptions(question))
        .refine((values) => !question.required || values.length > 0, required);
      return question.required ? choices : choices.optional();
    }
    case 'yesno': {
      const yesNo = z.boolean({ error: (issue) => (issue.input === undefined ? required : notYesNo(question)) });
      return question.required ? yesNo : yesNo.optional();
    }
  }
}

/**
 * The answers to `questions`: each checked as its kind says, named by the question's id (the
 * message by its text); an answer to no question is refused; empty optional answers are dropped.
 */
export function intakeAnswersSchema(questions: readonly IntakeQuestion[]) {
  const shape = Object.fromEntries(questions.map((question) => [question.id, answerSchema(question)]));
  return z
    .strictObject(shape, UNKNOWN_QUESTION)
    .transform(
      (answers) =>
        Object.fromEntries(
          Object.entries(answers).filter(
            ([, answer]) => answer !== undefined && answer !== '' && !(Array.isArray(answer) && answer.length === 0),
          ),
        ) as IntakeAnswers,
    );
}

/** An answer as kept with its booking: the question as it was asked then, so a later edit of the question changes nothing. */
export interface AskedAnswer {
  question: string;
  answer: IntakeAnswer;
}

/** Answers as a booking keeps them (read back from storage). */
export const askedAnswersSchema = z.array(
  z.object({ question: z.string(), answer: z.union([z.string(), z.array(z.string()), z.boolean()]) }),
);

/** The answers kept with a booking: written through checkedAnswers, read back as they were (null: erased). */
export const storedAnswers = (answers: unknown): AskedAnswer[] | null => askedAnswersSchema.nullable().catch(null).parse(answers);

/** The answers given, in the questions' order, each with its question's text. */
export const askedAnswers = (questions: readonly IntakeQuestion[], answers: IntakeAnswers): AskedAnswer[] =>
  questions.flatMap((question) => {
    const answer = answers[question.id];
    return answer === undefined ? [] : [{ question: question.label, answer }];
  });

/** An answer in words: the text, the options chosen, Yes or No. */
export const answerText = (answer: IntakeAnswer): string =>
  typeof answer === 'boolean' ? (answer ? 'Yes' : 'No') : Array.isArray(answer) ? answer.join(', ') : answer;
