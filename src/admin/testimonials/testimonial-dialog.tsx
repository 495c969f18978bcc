'use client';

import { type FormEvent, useState } from 'react';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { dayIn } from '#src/lib/format-date.ts';
import {
  type AdminTestimonial,
  CONSENT_BEFORE_TRACKING,
  CONSENT_METHOD_LABELS,
  CONSENT_METHODS,
  CONSENT_NOTE_MAX,
  type NewTestimonial,
  newTestimonialSchema,
  TESTIMONIAL_CONTENT_MAX,
  TESTIMONIAL_IMAGE_URL_MAX,
  TESTIMONIAL_NAME_MAX,
  TESTIMONIAL_POSITION_MAX,
} from '#src/schemas/testimonial.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { SelectField, SwitchField, TextAreaField, TextField } from '../kit/fields.tsx';
import { useTimeZone } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { createTestimonial, updateTestimonial } from './api.ts';

interface Values {
  content: string;
  authorName: string;
  authorPosition: string;
  authorImageUrl: string;
  consentGivenAt: string;
  consentMethod: string;
  consentNote: string;
}

const ORDER: Array<keyof Values> = [
  'content',
  'authorName',
  'authorPosition',
  'authorImageUrl',
  'consentGivenAt',
  'consentMethod',
  'consentNote',
];

/** The form's strings as the API takes them: blank optional fields are null. */
const bodyOf = (values: Values, visible: boolean): NewTestimonial => ({
  content: values.content,
  authorName: values.authorName,
  authorPosition: values.authorPosition,
  authorImageUrl: values.authorImageUrl || null,
  consentGivenAt: values.consentGivenAt || null,
  consentMethod: (values.consentMethod || null) as NewTestimonial['consentMethod'],
  consentNote: values.consentNote || null,
  visible,
});

const validate = (values: Values) => fieldErrors<keyof Values>(newTestimonialSchema.safeParse(bodyOf(values, true)));

/** Add or edit one testimonial with the client's consent. */
export function TestimonialDialog({
  open,
  testimonial,
  onClose,
  onSaved,
}: {
  open: boolean;
  testimonial: AdminTestimonial | null;
  onClose: () => void;
  onSaved: (saved: AdminTestimonial) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      title={testimonial ? 'Edit Testimonial' : 'New Testimonial'}
      description="The home page shows it once the client's consent is recorded and it is visible."
      className="sm:max-w-2xl"
    >
      <TestimonialForm testimonial={testimonial} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function TestimonialForm({
  testimonial,
  onCancel,
  onSaved,
}: {
  testimonial: AdminTestimonial | null;
  onCancel: () => void;
  onSaved: (saved: AdminTestimonial) => void;
}) {
  // Consent from before tracking is not a record to edit: the fields start empty, and left empty they keep it.
  const unrecorded = testimonial?.consentMethod === CONSENT_BEFORE_TRACKING;
  // Today in the coach's calendar: the latest day a consent can be dated.
  const today = dayIn(Date.now(), useTimeZone());
  const form = useForm<Values>(
    {
      content: testimonial?.content ?? '',
      authorName: testimonial?.authorName ?? '',
      authorPosition: testimonial?.authorPosition ?? '',
      authorImageUrl: testimonial?.authorImageUrl ?? '',
      consentGivenAt: unrecorded ? '' : (testimonial?.consentGivenAt ?? ''),
      consentMethod: unrecorded ? '' : (testimonial?.consentMethod ?? ''),
      consentNote: testimonial?.consentNote ?? '',
    },
    validate,
    'testimonial',
  );
  const [visible, setVisible] = useState(testimonial?.visible ?? true);
  const { busy, failure, run } = useAction();
  const consented = form.values.consentGivenAt !== '' || form.values.consentMethod !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(ORDER)) return;
    const body: Partial<NewTestimonial> = bodyOf(form.values, visible);
    if (unrecorded && !consented) {
      delete body.consentGivenAt;
      delete body.consentMethod;
    }
    const saved = await run(() => (testimonial ? updateTestimonial(testimonial.id, body) : createTestimonial(body as NewTestimonial)), {
      success: (answer) => ({ title: testimonial ? 'Testimonial saved' : 'Testimonial added', description: answer.authorName }),
      failureTitle: testimonial ? 'Failed to save the testimonial' : 'Failed to add the testimonial',
      fieldError: form.showServerError,
    });
    if (saved !== FAILED) onSaved(saved);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4">
        <TextAreaField {...form.field('content')} label="Testimonial" required rows={5} maxLength={TESTIMONIAL_CONTENT_MAX} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField {...form.field('authorName')} label="Client name" required maxLength={TESTIMONIAL_NAME_MAX} autoComplete="off" />
          <TextField
            {...form.field('authorPosition')}
            label="Client role"
            hint="For example: VP of Operations, logistics company"
            required
            maxLength={TESTIMONIAL_POSITION_MAX}
            autoComplete="off"
          />
        </div>
        <TextField
          {...form.field('authorImageUrl')}
          label="Photo URL"
          hint="Optional. Without one, the card shows the client's initials."
          type="url"
          inputMode="url"
          maxLength={TESTIMONIAL_IMAGE_URL_MAX}
          autoComplete="off"
        />

        <fieldset className="grid gap-4 rounded-card border border-line p-4">
          <legend className="px-1 text-sm font-semibold">Client's consent</legend>
          {unrecorded && (
            <p className="rounded-control border-l-4 border-accent-300 bg-accent-50 px-3 py-2 text-sm text-accent-900">
              This testimonial was added before consent was tracked. Record when and how the client agreed; left empty, it stays as it is.
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...form.field('consentGivenAt')} label="Date given" type="date" max={today} />
            <SelectField {...form.field('consentMethod')} label="How it was given">
              <option value="">Not given yet</option>
              {CONSENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {CONSENT_METHOD_LABELS[method]}
                </option>
              ))}
            </SelectField>
          </div>
          <TextAreaField
            {...form.field('consentNote')}
            label="Note"
            hint="Optional: where the consent is kept, e.g. 'Reply to my email of 3 March 2026'."
            rows={2}
            maxLength={CONSENT_NOTE_MAX}
          />
          {!consented && !unrecorded && <p className="text-sm text-muted">Without consent it is saved but not shown on the home page.</p>}
        </fieldset>

        <SwitchField
          id="testimonial-visible"
          label="Visible on the home page"
          hint="Turn off to hide it without deleting it."
          checked={visible}
          onChange={setVisible}
        />
      </div>
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel={testimonial ? 'Save Changes' : 'Add Testimonial'} />
    </form>
  );
}
