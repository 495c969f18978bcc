'use client';

import type { FormEvent } from 'react';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { plural } from '#src/lib/plural.ts';
import { formatRate } from '#src/schemas/money.ts';
import { SETTINGS_LIMITS, type SiteSettings, settingsSchema } from '#src/schemas/settings.ts';
import { SwitchField, TextAreaField, TextField } from '../kit/fields.tsx';
import { FormSaveBar, FormSection } from '../kit/form-section.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { saveBusinessSettings } from './api.ts';

// The settings that belong with the money (issue 37 §1, §5): the site's currency, its tax rate and
// whether prices include it, and the seller's details every invoice carries. Admin → Settings
// leaves them out on purpose.

export type BusinessSettings = Pick<
  SiteSettings,
  'currency' | 'taxRate' | 'pricesIncludeTax' | 'businessName' | 'businessAddress' | 'taxId'
>;
type Name = keyof BusinessSettings;

const NAMES: Name[] = ['currency', 'taxRate', 'pricesIncludeTax', 'businessName', 'businessAddress', 'taxId'];
const businessSchema = settingsSchema.pick({
  currency: true,
  taxRate: true,
  pricesIncludeTax: true,
  businessName: true,
  businessAddress: true,
  taxId: true,
});

export const RATE_MESSAGE = 'Tax rate must be a percentage such as 20 or 5.5';

/** A rate typed as a percent ("20", "5.5", "7,25 %") in basis points, without floating point; null when it is not one. */
export function parseRate(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A rate in basis points as the field shows it: 2000 → "20", 550 → "5.5". */
const rateInput = (basisPoints: number) => formatRate(basisPoints).replace('%', '');

interface Draft {
  currency: string;
  taxRate: string;
  pricesIncludeTax: boolean;
  businessName: string;
  businessAddress: string;
  taxId: string;
}

const draftOf = (settings: BusinessSettings): Draft => ({ ...settings, taxRate: rateInput(settings.taxRate) });

const patchOf = (draft: Draft) => ({ ...draft, taxRate: parseRate(draft.taxRate) ?? Number.NaN });

function validate(draft: Draft) {
  const errors = fieldErrors<Name>(businessSchema.safeParse(patchOf(draft)));
  if (parseRate(draft.taxRate) === null) errors.taxRate = RATE_MESSAGE;
  return errors;
}

/** "Business details and tax" on Admin → Payments, saved with the general settings' PATCH. */
export function BusinessDetailsForm({ initial, onSaved }: { initial: BusinessSettings; onSaved: (saved: BusinessSettings) => void }) {
  const form = useForm<Draft>(draftOf(initial), validate, 'business', { order: () => NAMES });
  const { busy, failure, run } = useAction();
  const saved = draftOf(initial);
  const changed = NAMES.filter((name) => form.values[name] !== saved[name]);
  useLeaveGuard(changed.length > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check() || changed.length === 0) return;
    const parsed = businessSchema.parse(patchOf(form.values));
    const patch = Object.fromEntries(changed.map((name) => [name, parsed[name]]));
    const next = await run(
      () => saveBusinessSettings(patch),
      {
        success: { title: 'Business details saved', description: 'New invoices and prices use them from now on.' },
        failureTitle: 'Failed to save the business details',
        fieldError: form.showServerError,
      },
      { stay: true },
    );
    if (next === FAILED) return;
    const stored: BusinessSettings = {
      currency: next.currency,
      taxRate: next.taxRate,
      pricesIncludeTax: next.pricesIncludeTax,
      businessName: next.businessName,
      businessAddress: next.businessAddress,
      taxId: next.taxId,
    };
    form.reset(draftOf(stored));
    form.resetSubmitted();
    onSaved(stored);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="mt-8 space-y-4">
      <FormSection
        id="business"
        title="Business details and tax"
        intro="What your invoices and receipts say about you, and how tax is worked out on your prices."
      >
        <TextField
          {...form.field('currency')}
          onChange={(event) => form.set('currency', event.target.value.toUpperCase())}
          label="Currency"
          maxLength={3}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint="A three-letter code such as EUR, GBP or USD, for every price and payment. It cannot change once payments are recorded."
        />
        <TextField
          {...form.field('taxRate')}
          label="Tax rate (%)"
          inputMode="decimal"
          autoComplete="off"
          hint="Such as 20 or 5.5; 0 when you charge no tax. Receipts and invoices show it."
        />
        <div className="sm:col-span-2">
          <SwitchField
            id="business-pricesIncludeTax"
            label="Prices include tax"
            hint="On: the prices you set are what clients pay, tax included. Off: tax is added on top at checkout."
            checked={form.values.pricesIncludeTax}
            onChange={(on) => form.set('pricesIncludeTax', on)}
          />
        </div>
        <TextField
          {...form.field('businessName')}
          label="Business name"
          optional
          maxLength={SETTINGS_LIMITS.businessName}
          autoComplete="organization"
          hint="The seller on invoices. Empty: your coach name."
        />
        <TextField
          {...form.field('taxId')}
          label="Tax ID"
          optional
          maxLength={SETTINGS_LIMITS.taxId}
          autoComplete="off"
          hint="Your VAT or other tax number, printed on invoices."
        />
        <TextAreaField
          {...form.field('businessAddress')}
          label="Business address"
          optional
          rows={3}
          maxLength={SETTINGS_LIMITS.businessAddress}
          autoComplete="street-address"
          className="sm:col-span-2"
          hint="As it should appear on invoices, one line per line."
        />
      </FormSection>
      <FormSaveBar
        failure={failure}
        status={changed.length === 0 ? 'All changes saved' : plural(changed.length, 'unsaved change')}
        busy={busy}
        label="Save Business Details"
      />
    </form>
  );
}
