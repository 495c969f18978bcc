'use client';

import { type FormEvent, useState } from 'react';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { RETENTION_LIMITS, type Retention, retentionSchema } from '#src/schemas/privacy.ts';
import { NumberField } from '../kit/fields.tsx';
import { FormSaveBar, FormSection } from '../kit/form-section.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { saveRetention } from './api.ts';

// The retention form holds its numbers as typed (strings, as every admin form does); they are
// turned into the API's retention and checked by the server's own schema.

type Values = { contactNetworkDays: string; contactMessageDays: string };
type Field = keyof Values;

const ORDER: Field[] = ['contactNetworkDays', 'contactMessageDays'];

const textsOf = (retention: Retention): Values => ({
  contactNetworkDays: String(retention.contactNetworkDays),
  contactMessageDays: retention.contactMessageDays === null ? '' : String(retention.contactMessageDays),
});

/** An empty or non-numeric entry stays NaN, so the schema names it ("… must be a number"). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What the form sends: an empty message period keeps messages. */
const retentionOf = (values: Values): Retention => ({
  contactNetworkDays: numberOf(values.contactNetworkDays),
  contactMessageDays: values.contactMessageDays.trim() === '' ? null : numberOf(values.contactMessageDays),
});

const validate = (values: Values) => fieldErrors<Field>(retentionSchema.safeParse(retentionOf(values)));

const same = (a: Values, b: Values) => ORDER.every((field) => a[field].trim() === b[field].trim());

/** The Retention tab of /admin/privacy: how long contact messages and their network details are kept. */
export function RetentionForm({ initial }: { initial: Retention }) {
  const [saved, setSaved] = useState(() => textsOf(initial));
  const form = useForm<Values>(saved, validate, 'retention');
  const saving = useAction();
  const dirty = !same(form.values, saved);
  useLeaveGuard(dirty);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(ORDER) || !dirty) return;
    const next = await saving.run(
      () => saveRetention(retentionOf(form.values)),
      { success: { title: 'Retention saved' }, failureTitle: 'Failed to save the retention' },
      { stay: true },
    );
    if (next === FAILED) return;
    setSaved(textsOf(next));
    form.setValues(textsOf(next));
  }

  const { networkDays, messageDays } = RETENTION_LIMITS;
  return (
    <form noValidate onSubmit={submit} aria-busy={saving.busy} className="space-y-6">
      <FormSection
        id="retention-contact"
        title="Contact messages"
        intro="How long the contact form's messages are kept, and the IP address and browser details that arrive with each. The site applies these every hour, to every message older than the period."
        layout="mt-5 grid max-w-xl gap-5"
      >
        <NumberField
          {...form.field('contactNetworkDays')}
          label="Days to keep IP addresses and browser details of contact messages"
          limits={networkDays}
          required
          hint={`Between ${networkDays.min} and ${networkDays.max} days. They help to spot abuse; the message itself stays.`}
        />
        <NumberField
          {...form.field('contactMessageDays')}
          label="Delete contact messages after (days)"
          limits={messageDays}
          optional
          hint={`Leave empty to keep messages until you delete them. Else between ${messageDays.min} and ${messageDays.max} days.`}
        />
      </FormSection>

      <FormSaveBar
        failure={saving.failure}
        status={dirty ? 'Unsaved changes' : 'All changes saved'}
        busy={saving.busy}
        label="Save retention"
      />
    </form>
  );
}
