'use client';

import { Plus } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { plural } from '#src/lib/plural.ts';
import { PACKAGE_LIMITS, packageInputSchema, type SessionPackage } from '#src/schemas/credits.ts';
import { formatMoney, parseMoney } from '#src/schemas/money.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { NumberField, TextField } from '../kit/fields.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { createPackage } from './api.ts';

// The packages the coach sells or gives (issue 35 §3): so many sessions of these types, valid so
// long, a price shown for reference. Granting one to a client copies its terms.

type SessionTypeName = { id: number; name: string };

export function packageTerms(
  pack: Pick<SessionPackage, 'sessions' | 'validDays' | 'price'> & { priceMinor?: number | null },
  currency?: string,
) {
  return [
    plural(pack.sessions, 'session'),
    pack.validDays === null ? 'no expiry' : `valid ${plural(pack.validDays, 'day')}`,
    ...(pack.price ? [pack.price] : []),
    ...(pack.priceMinor && currency ? [`${formatMoney(pack.priceMinor, currency)} online`] : []),
  ].join(' · ');
}

export function PackagesPanel({
  initial,
  sessionTypes,
  currency,
}: {
  initial: SessionPackage[];
  sessionTypes: SessionTypeName[];
  /** The site's currency, which the online price is typed in. */
  currency: string;
}) {
  const [packages, setPackages] = useState(initial);
  const [adding, setAdding] = useState(false);
  const typeNames = (ids: number[]) =>
    ids.map((id) => sessionTypes.find((type) => type.id === id)?.name ?? 'A deleted session type').join(', ');
  return (
    <>
      <ListPanel
        name="packages"
        title="Packages"
        count={plural(packages.length, 'package')}
        refreshing={false}
        controls={
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Icon shapes={Plus} aria-hidden="true" className="size-4" /> New Package
          </Button>
        }
      >
        {packages.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message="No packages yet: add one to grant it to clients." />
        ) : (
          <ul className="divide-y divide-line">
            {packages.map((pack) => (
              <li key={pack.id} className="px-4 py-3 sm:px-6" data-testid="package-row">
                <p className="font-semibold text-primary-950">{pack.name}</p>
                <p className="mt-0.5 text-sm text-muted">
                  {packageTerms(pack, currency)} · for {typeNames(pack.sessionTypeIds)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ListPanel>
      <Dialog
        open={adding}
        onOpenChange={(open) => open || setAdding(false)}
        title="New package"
        description="Its terms are copied into each grant."
      >
        {adding && (
          <PackageForm
            sessionTypes={sessionTypes}
            currency={currency}
            onCancel={() => setAdding(false)}
            onSaved={(saved) => {
              setPackages([...packages, saved]);
              setAdding(false);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

function PackageForm({
  sessionTypes,
  currency,
  onCancel,
  onSaved,
}: {
  sessionTypes: SessionTypeName[];
  currency: string;
  onCancel: () => void;
  onSaved: (saved: SessionPackage) => void;
}) {
  const inputOf = (draft: typeof initial) => ({
    name: draft.name,
    sessions: numberOrNull(draft.sessions),
    validDays: numberOrNull(draft.validDays),
    price: draft.price,
    // Typed in major units; NaN for what is not an amount (the schema refuses it by name).
    priceMinor: draft.priceMinor.trim() === '' ? null : (parseMoney(draft.priceMinor, currency) ?? Number.NaN),
    sessionTypeIds: draft.sessionTypeIds,
  });
  const initial = { name: '', sessions: '6', validDays: '180', price: '', priceMinor: '', sessionTypeIds: [] as number[] };
  const form = useForm(initial, (draft) => fieldErrors(packageInputSchema.safeParse(inputOf(draft))), 'package');
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const input = packageInputSchema.parse(inputOf(form.values));
    const saved = await run(() => createPackage(input), {
      success: { title: 'Package added', description: input.name },
      failureTitle: 'Failed to add the package',
      fieldError: form.showServerError,
    });
    if (saved !== FAILED) onSaved(saved);
  }

  const typesError = form.errors.sessionTypeIds;
  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <TextField {...form.field('name')} label="Name" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-3">
        <NumberField {...form.field('sessions')} label="Sessions" limits={PACKAGE_LIMITS.sessions} />
        <NumberField {...form.field('validDays')} label="Valid for (days)" optional limits={PACKAGE_LIMITS.validDays} />
        <TextField {...form.field('price')} label="Price note" optional hint="For reference, such as £900 by invoice." />
      </div>
      <TextField
        {...form.field('priceMinor')}
        label={`Price online (${currency})`}
        inputMode="decimal"
        optional
        hint="Set it to let clients buy this package by card from their portal. Empty: granted by you only."
      />
      <fieldset id="package-sessionTypeIds" tabIndex={-1} aria-describedby={typesError ? 'package-types-error' : undefined}>
        <legend className="text-sm font-semibold text-ink">Session types it covers</legend>
        <div className="mt-2 grid gap-2">
          {sessionTypes.map((type) => (
            <label key={type.id} className="flex min-h-11 items-center gap-3 rounded-control border border-line px-3">
              <input
                type="checkbox"
                className="size-4 accent-primary-700"
                checked={form.values.sessionTypeIds.includes(type.id)}
                onChange={(event) =>
                  form.set('sessionTypeIds', (ids) => (event.target.checked ? [...ids, type.id] : ids.filter((id) => id !== type.id)))
                }
              />
              {type.name}
            </label>
          ))}
        </div>
        {typesError && (
          <p id="package-types-error" className="mt-1.5 text-sm text-red-700">
            {typesError}
          </p>
        )}
      </fieldset>
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel="Add Package" />
    </form>
  );
}
