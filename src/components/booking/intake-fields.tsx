import { cn } from '#src/lib/cn.ts';
import type { IntakeAnswer, IntakeAnswers } from '#src/schemas/intake-answers.ts';
import type { IntakeQuestion } from '#src/schemas/session-type.ts';
import { FormField } from '../ui/form-field.tsx';

// A session type's intake questions on /book/{slug}: texts as fields, choices as radio buttons or
// checkboxes in a fieldset named by the question, yes/no as two radio buttons. The server checks
// the answers against the same questions (src/schemas/intake-answers.ts) and names the question
// of its message (field `answers.{id}`), shown under it.

interface IntakeFieldsProps {
  questions: IntakeQuestion[];
  answers: IntakeAnswers;
  errors: Record<string, string>;
  onChange: (id: string, answer: IntakeAnswer) => void;
  /** What the fields' ids start with: unique on the page (the portal shows one set per session). */
  idPrefix?: string;
}

function Required() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {' '}
      *
    </span>
  );
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** One choice, several choices or yes/no: a fieldset of options. */
function ChoiceField({
  question,
  answer,
  error,
  onChange,
  idPrefix,
}: {
  idPrefix: string;
  question: IntakeQuestion;
  answer: IntakeAnswer | undefined;
  error?: string;
  onChange: (answer: IntakeAnswer) => void;
}) {
  const id = `${idPrefix}-${question.id}`;
  const several = question.kind === 'multiple';
  const options: [string, IntakeAnswer][] =
    question.kind === 'yesno'
      ? [
          ['Yes', true],
          ['No', false],
        ]
      : question.options.map((option) => [option, option]);
  const chosen = (value: IntakeAnswer) => (several && Array.isArray(answer) ? answer.includes(value as string) : answer === value);
  const toggle = (value: string, on: boolean) => {
    const current = Array.isArray(answer) ? answer : [];
    onChange(on ? [...current, value] : current.filter((item) => item !== value));
  };
  return (
    <fieldset id={id} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-ink">
        {question.label}
        {/* A group of options cannot be aria-required: the legend says it. */}
        {question.required && (
          <>
            <Required />
            <span className="sr-only"> (required)</span>
          </>
        )}
      </legend>
      <div className="mt-2 grid gap-2">
        {options.map(([label, value], index) => (
          <label
            key={label}
            className={cn(
              'flex min-h-11 cursor-pointer items-center gap-3 rounded-control border bg-surface px-4 py-2 text-ink',
              error ? 'border-red-600' : 'border-line has-[:checked]:border-primary-400 has-[:checked]:bg-primary-50',
            )}
          >
            <input
              type={several ? 'checkbox' : 'radio'}
              name={id}
              value={String(index)}
              checked={chosen(value)}
              onChange={(event) => (several ? toggle(value as string, event.target.checked) : onChange(value))}
              className="size-4 accent-primary-700"
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      <ErrorText id={id} error={error} />
    </fieldset>
  );
}

/** The type's questions, in the coach's order. */
export function IntakeFields({ questions, answers, errors, onChange, idPrefix = 'booking-answer' }: IntakeFieldsProps) {
  return (
    <>
      {questions.map((question) =>
        question.kind === 'short' || question.kind === 'long' ? (
          <FormField
            key={question.id}
            idPrefix={idPrefix}
            name={question.id}
            label={question.label}
            required={question.required}
            multiline={question.kind === 'long'}
            rows={4}
            value={typeof answers[question.id] === 'string' ? (answers[question.id] as string) : ''}
            error={errors[question.id]}
            onChange={(value) => onChange(question.id, value)}
          />
        ) : (
          <ChoiceField
            key={question.id}
            idPrefix={idPrefix}
            question={question}
            answer={answers[question.id]}
            error={errors[question.id]}
            onChange={(answer) => onChange(question.id, answer)}
          />
        ),
      )}
    </>
  );
}
