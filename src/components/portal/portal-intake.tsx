'use client';

import { Send } from 'lucide';
import { type FormEvent, useState } from 'react';
import { ApiError, call, errorMessage, portalApi } from '#src/lib/api-client.ts';
import type { IntakeAnswer, IntakeAnswers } from '#src/schemas/intake-answers.ts';
import type { IntakeQuestion } from '#src/schemas/session-type.ts';
import { IntakeFields } from '../booking/intake-fields.tsx';
import { Button } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';

/** "Before your session": the intake questions of a session the coach booked, answered once. */
export function PortalIntake({
  bookingId,
  questions,
  onAnswered,
}: {
  bookingId: number;
  questions: IntakeQuestion[];
  onAnswered: () => void;
}) {
  const [answers, setAnswers] = useState<IntakeAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await call(portalApi.me.sessions[':id'].answers.$post({ param: { id: String(bookingId) }, json: { answers } }));
      onAnswered();
    } catch (error) {
      // A refused answer names its question (`answers.{id}`): said under it.
      const field = error instanceof ApiError ? error.serverField : undefined;
      const question = questions.find((asked) => field === `answers.${asked.id}`);
      if (question) setErrors({ [question.id]: errorMessage(error) });
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={send} className="mt-5 space-y-5 rounded-control border border-accent-200 bg-accent-50 p-4">
      <p className="font-semibold text-ink">Before your session, please answer these questions.</p>
      <IntakeFields
        idPrefix={`portal-answer-${bookingId}`}
        questions={questions}
        answers={answers}
        errors={errors}
        onChange={(id: string, answer: IntakeAnswer) => setAnswers({ ...answers, [id]: answer })}
      />
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        <Icon shapes={Send} aria-hidden="true" className="size-4" />
        {busy ? 'Sending...' : 'Send my answers'}
      </Button>
    </form>
  );
}
