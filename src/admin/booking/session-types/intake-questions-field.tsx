'use client';

import { closestCenter, DndContext, type DragEndEvent, type ScreenReaderInstructions } from '@dnd-kit/core';
import { arrayMove, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { QUESTION_KIND_LABELS, QUESTION_KINDS, type QuestionKind, SESSION_TYPE_LIMITS } from '#src/schemas/session-type.ts';
import { SelectField, SwitchField, TextAreaField, TextField } from '../../kit/fields.tsx';
import { SortableCard } from '../../kit/sortable-card.tsx';
import { useSortable } from '../../kit/use-sortable.ts';
import { isChoice, newQuestion, type QuestionDraft } from './session-type-form.ts';

/** Focus goes to a control once React has drawn it (a question just added, or the one before a removed one). */
const focusSoon = (id: string) => requestAnimationFrame(() => document.getElementById(id)?.focus());

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a question, press Space or Enter on its reorder button. Use the Up and Down arrow keys to change its position, then press Space or Enter to drop it, or Escape to cancel.',
};

/**
 * A session type's intake questions, in the order they are asked: each with its text, kind,
 * whether it must be answered and, for a choice, its options; dragged by its handle (mouse, touch,
 * or keyboard: Space, arrows, Space) like the backlog, added, removed. The order is the form's
 * and is saved with the type.
 */
export function IntakeQuestionsField({
  idPrefix,
  questions,
  errors,
  onChange,
}: {
  idPrefix: string;
  questions: QuestionDraft[];
  errors: Partial<Record<string, string>>;
  onChange: (questions: QuestionDraft[]) => void;
}) {
  const idOf = (index: number, part: string) => `${idPrefix}-questions.${index}.${part}`;
  const nameOf = (question: QuestionDraft) => question.label.trim() || `Question ${questions.indexOf(question) + 1}`;
  const { sensors, announcements, indexOf, measuring } = useSortable(questions, nameOf, 'The question');
  const change = (index: number, patch: Partial<QuestionDraft>) =>
    onChange(questions.map((question, at) => (at === index ? { ...question, ...patch } : question)));

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = indexOf(active.id);
    const to = indexOf(over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(questions, from, to));
  }

  function add() {
    onChange([...questions, newQuestion(questions.map((question) => question.id))]);
    focusSoon(idOf(questions.length, 'label'));
  }

  // One press moves a question a place (WCAG 2.5.7: dragging always has a single-pointer way too).
  function move(index: number, by: -1 | 1) {
    onChange(arrayMove(questions, index, index + by));
    // The same button of the question, in its new place; at an end, the other one.
    const to = index + by;
    const edge = to === 0 || to === questions.length - 1;
    focusSoon(idOf(to, edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'));
  }

  function remove(index: number) {
    onChange(questions.filter((_, at) => at !== index));
    focusSoon(questions.length > 1 ? idOf(Math.max(0, index - 1), 'label') : `${idPrefix}-add-question`);
  }

  return (
    <fieldset className="grid gap-3 rounded-card border border-line p-4">
      <legend className="px-1 text-sm font-semibold">Intake questions</legend>
      <p className="text-sm text-muted">Asked when someone books; you see the answers with the booking and in your email.</p>
      {errors.questions && (
        <p id={`${idPrefix}-questions`} tabIndex={-1} className="text-sm text-red-700">
          {errors.questions}
        </p>
      )}
      {questions.length > 1 && (
        <p className="text-sm text-muted">
          Asked in this order. Drag a question by its handle, or focus the handle and use Space and the arrow keys.
        </p>
      )}
      {questions.length > 0 && (
        <DndContext
          // A fixed id keeps dnd-kit's generated aria ids stable; its live region is drawn here, inside the dialog.
          id={`${idPrefix}-questions`}
          sensors={sensors}
          measuring={measuring}
          collisionDetection={closestCenter}
          accessibility={{ announcements, screenReaderInstructions: instructions }}
          onDragEnd={handleDragEnd}
        >
          <SortableContext items={questions.map((question) => question.id)} strategy={verticalListSortingStrategy}>
            <ol aria-label="Intake questions in the order they are asked" className="grid gap-3">
              {questions.map((question, index) => {
                const name = nameOf(question);
                return (
                  <SortableCard key={question.id} id={question.id} position={index + 1} label={name} testId="intake-question">
                    <div className="grid gap-3 sm:grid-cols-2">
                      <TextField
                        id={idOf(index, 'label')}
                        label={`Question ${index + 1}`}
                        value={question.label}
                        onChange={(event) => change(index, { label: event.target.value })}
                        error={errors[`questions.${index}.label`]}
                        required
                        maxLength={SESSION_TYPE_LIMITS.questionLabel}
                        autoComplete="off"
                        className="sm:col-span-2"
                      />
                      <SelectField
                        id={idOf(index, 'kind')}
                        label="Answer"
                        value={question.kind}
                        onChange={(event) => change(index, { kind: event.target.value as QuestionKind })}
                        error={errors[`questions.${index}.kind`]}
                      >
                        {QUESTION_KINDS.map((kind) => (
                          <option key={kind} value={kind}>
                            {QUESTION_KIND_LABELS[kind]}
                          </option>
                        ))}
                      </SelectField>
                      <div className="sm:pt-7">
                        <SwitchField
                          id={idOf(index, 'required')}
                          label="Must be answered"
                          checked={question.required}
                          onChange={(required) => change(index, { required })}
                        />
                      </div>
                      {isChoice(question.kind) && (
                        <TextAreaField
                          id={idOf(index, 'options')}
                          label="Options"
                          hint={`One per line, ${SESSION_TYPE_LIMITS.options.min} to ${SESSION_TYPE_LIMITS.options.max}.`}
                          value={question.optionsText}
                          onChange={(event) => change(index, { optionsText: event.target.value })}
                          error={errors[`questions.${index}.options`]}
                          rows={3}
                          className="sm:col-span-2"
                        />
                      )}
                      <div className="flex flex-wrap gap-2 sm:col-span-2">
                        <Button
                          id={idOf(index, 'up')}
                          variant="outline"
                          size="sm"
                          disabled={index === 0}
                          onClick={() => move(index, -1)}
                          aria-label={`Move ${name} up`}
                        >
                          <Icon shapes={ArrowUp} aria-hidden="true" className="size-4" /> Up
                        </Button>
                        <Button
                          id={idOf(index, 'down')}
                          variant="outline"
                          size="sm"
                          disabled={index === questions.length - 1}
                          onClick={() => move(index, 1)}
                          aria-label={`Move ${name} down`}
                        >
                          <Icon shapes={ArrowDown} aria-hidden="true" className="size-4" /> Down
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => remove(index)}
                          aria-label={`Remove ${name}`}
                          className="text-red-700 hover:bg-red-50 sm:ml-auto"
                        >
                          <Icon shapes={Trash2} aria-hidden="true" className="size-4" /> Remove
                        </Button>
                      </div>
                    </div>
                  </SortableCard>
                );
              })}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      {questions.length < SESSION_TYPE_LIMITS.questions && (
        <div>
          <Button id={`${idPrefix}-add-question`} variant="outline" onClick={add}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> Add question
          </Button>
        </div>
      )}
    </fieldset>
  );
}
