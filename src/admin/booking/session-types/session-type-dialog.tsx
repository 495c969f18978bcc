'use client';

import type { FormEvent } from 'react';
import { slugify } from '#src/lib/slugify.ts';
import { PLACE_LIMITS } from '#src/schemas/booking.ts';
import {
  SESSION_TYPE_ACCESS,
  SESSION_TYPE_ACCESS_LABELS,
  SESSION_TYPE_LIMITS,
  type SessionType,
  type SessionTypeAccess,
} from '#src/schemas/session-type.ts';
import { Dialog, DialogFormActions } from '../../kit/dialog.tsx';
import { NumberField, SelectField, SwitchField, TextAreaField, TextField } from '../../kit/fields.tsx';
import { FAILED, useAction } from '../../kit/use-action.ts';
import { useForm } from '../../kit/use-form.ts';
import { createSessionType, updateSessionType } from './api.ts';
import { IntakeQuestionsField } from './intake-questions-field.tsx';
import { draftErrors, draftOf, errorOrder, inputOf, type SessionTypeDraft } from './session-type-form.ts';

const ID = 'session-type';

/** Add or edit one session type: what it is, when and where it happens, who may book it, its rules and questions. */
export function SessionTypeDialog({
  open,
  type,
  currency,
  onClose,
  onSaved,
}: {
  open: boolean;
  type: SessionType | null;
  currency: string;
  onClose: () => void;
  onSaved: (saved: SessionType) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      title={type ? `Edit ${type.name}` : 'New session type'}
      description="What a client can book. Empty numbers follow your availability's."
      className="sm:max-w-2xl"
    >
      <SessionTypeForm type={type} currency={currency} onCancel={onClose} onSaved={onSaved} />
    </Dialog>
  );
}

function SessionTypeForm({
  type,
  currency,
  onCancel,
  onSaved,
}: {
  type: SessionType | null;
  currency: string;
  onCancel: () => void;
  onSaved: (saved: SessionType) => void;
}) {
  const form = useForm<SessionTypeDraft>(draftOf(type, currency), draftErrors, ID, { order: errorOrder });
  const { values, errors } = form;
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const input = inputOf(values);
    const saved = await run(() => (type ? updateSessionType(type.id, input) : createSessionType(input)), {
      success: (answer) => ({ title: type ? 'Session type saved' : 'Session type added', description: answer.name }),
      failureTitle: type ? 'Failed to save the session type' : 'Failed to add the session type',
      fieldError: form.showServerError,
    });
    if (saved !== FAILED) onSaved(saved);
  }

  const place = values.placeAsAvailability ? 'availability' : values.locationKind;

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            {...form.field('name')}
            // A new type's slug follows its name until the coach writes one.
            onChange={(event) => {
              const name = event.target.value;
              form.setValues((current) => ({
                ...current,
                name,
                slug: type || current.slug !== slugify(current.name) ? current.slug : slugify(name),
              }));
            }}
            label="Name"
            required
            maxLength={SESSION_TYPE_LIMITS.name}
            autoComplete="off"
          />
          <TextField
            {...form.field('slug')}
            label="Address"
            hint={<span className="break-all">/book/{values.slug || '…'}</span>}
            required
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <TextAreaField
          {...form.field('description')}
          label="Description"
          hint="Shown to people choosing what to book."
          rows={3}
          maxLength={SESSION_TYPE_LIMITS.description}
        />

        <fieldset className="grid gap-4 rounded-card border border-line p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">When</legend>
          <NumberField
            {...form.field('minutes')}
            label="Length (minutes)"
            hint="Empty: your call length."
            limits={SESSION_TYPE_LIMITS.minutes}
          />
          <NumberField
            {...form.field('bufferMinutes')}
            label="Buffer (minutes)"
            hint="Empty: your usual buffer."
            limits={SESSION_TYPE_LIMITS.bufferMinutes}
          />
          <NumberField
            {...form.field('minNoticeHours')}
            label="Minimum notice (hours)"
            hint="Empty: your usual notice."
            limits={SESSION_TYPE_LIMITS.minNoticeHours}
          />
          <NumberField
            {...form.field('dailyCap')}
            label="Sessions per day"
            hint="Empty: no cap of its own."
            limits={SESSION_TYPE_LIMITS.dailyCap}
          />
        </fieldset>

        <fieldset className="grid gap-4 rounded-card border border-line p-4">
          <legend className="px-1 text-sm font-semibold">Where</legend>
          <SelectField
            id={`${ID}-locationKind`}
            label="It happens"
            value={place}
            error={errors.locationKind}
            onChange={(event) => {
              const choice = event.target.value;
              form.setValues((current) =>
                choice === 'availability'
                  ? { ...current, placeAsAvailability: true }
                  : { ...current, placeAsAvailability: false, locationKind: choice as SessionTypeDraft['locationKind'] },
              );
            }}
          >
            <option value="availability">Where calls happen (as in Availability)</option>
            <option value="none">Sent later</option>
            <option value="video">By video</option>
            <option value="phone">By phone</option>
            <option value="address">In person</option>
          </SelectField>
          {place === 'video' && (
            <>
              <TextField
                {...form.field('videoUrl')}
                label="Video link"
                type="url"
                inputMode="url"
                required
                maxLength={PLACE_LIMITS.url}
                placeholder="https://meet.jit.si/your-practice-"
              />
              <SwitchField
                id={`${ID}-roomPerCall`}
                label="A new room for each session"
                hint="Each session's own room name is added to the end of the link."
                checked={values.roomPerCall}
                onChange={(checked) => form.set('roomPerCall', checked)}
              />
            </>
          )}
          {place === 'phone' && <TextField {...form.field('phone')} label="Phone number" type="tel" required />}
          {place === 'address' && (
            <TextAreaField {...form.field('address')} label="Address" rows={3} required maxLength={PLACE_LIMITS.address} />
          )}
        </fieldset>

        <fieldset className="grid gap-4 rounded-card border border-line p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold">Who and rules</legend>
          <SelectField
            {...form.field('access')}
            onChange={(event) => form.set('access', event.target.value as SessionTypeAccess)}
            label="Who may book"
            className="sm:col-span-2"
          >
            {SESSION_TYPE_ACCESS.map((access) => (
              <option key={access} value={access}>
                {SESSION_TYPE_ACCESS_LABELS[access]}
              </option>
            ))}
          </SelectField>
          <div className="sm:col-span-2">
            <SwitchField
              id={`${ID}-listed`}
              label="Listed on the booking page"
              hint={values.access === 'private' ? 'A private session type is never listed.' : 'Off: only its own address books it.'}
              checked={values.access !== 'private' && values.listed}
              disabled={values.access === 'private'}
              onChange={(checked) => form.set('listed', checked)}
            />
          </div>
          {!type?.intro && (
            <TextField
              {...form.field('price')}
              label={`Price (${currency})`}
              inputMode="decimal"
              optional
              hint="Empty: free. Paid by card when booked, unless the client has a credit for it."
              className="sm:col-span-2"
            />
          )}
          <NumberField
            {...form.field('cancelCutoffHours')}
            label="Free cancellation until (hours before)"
            hint="After this, cancelling uses up the session or its payment."
            required
            limits={SESSION_TYPE_LIMITS.cancelCutoffHours}
          />
          <NumberField
            {...form.field('maxReschedules')}
            label="Reschedules allowed"
            hint="Empty: no limit."
            limits={SESSION_TYPE_LIMITS.maxReschedules}
          />
        </fieldset>

        <IntakeQuestionsField
          idPrefix={ID}
          questions={values.questions}
          errors={errors}
          onChange={(questions) => form.set('questions', questions)}
        />
      </div>
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel={type ? 'Save Changes' : 'Add Session Type'} />
    </form>
  );
}
