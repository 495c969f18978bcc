'use client';

import { Upload } from 'lucide';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import type { SubscriberImport } from '#src/schemas/subscriber.ts';
import { Dialog, DialogActions } from '../kit/dialog.tsx';
import { FileField, FormAlert, SwitchField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { importSubscribers } from './api.ts';

const MAX_BYTES = 4 * 1024 * 1024;
const SHOWN = 10;

/** Import a CSV: read it, show what it would do, and add the people only with the consent confirmed. */
export function ImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      title="Import subscribers"
      description="A CSV file with an email column (and first_name, last_name if you have them). Nobody is emailed."
      className="max-w-2xl"
    >
      <ImportForm onClose={onClose} onImported={onImported} />
    </Dialog>
  );
}

function ImportForm({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<SubscriberImport | null>(null);
  const [consent, setConsent] = useState(false);
  const { busy, failure, run, refuse } = useAction();

  async function choose(file: File | null) {
    setPreview(null);
    refuse(null);
    if (!file) return;
    if (file.size > MAX_BYTES) return refuse('The file must be at most 4 MB');
    const text = await file.text();
    setCsv(text);
    const read = await run(() => importSubscribers(text, false, false), { failureTitle: 'Could not read the file' }, { stay: true });
    if (read !== FAILED) setPreview(read);
  }

  async function confirm() {
    if (!csv) return;
    const done = await run(() => importSubscribers(csv, true, consent), {
      success: ({ added }) => ({ title: `Imported ${added.length} ${added.length === 1 ? 'subscriber' : 'subscribers'}` }),
      failureTitle: 'Import failed',
    });
    if (done !== FAILED) onImported();
  }

  return (
    <div className="space-y-5">
      <FileField
        id="import-file"
        label="CSV file"
        accept=".csv,text/csv"
        hint="At most 4 MB."
        disabled={busy}
        onChoose={(file) => void choose(file)}
      />
      <FormAlert message={failure} />
      {preview && (
        <div className="space-y-3 text-sm" data-testid="import-preview">
          <p className="font-semibold">
            {preview.added.length} to add · {preview.duplicates.length} already on the list or repeated · {preview.invalid.length} not
            readable
          </p>
          {preview.added.length > 0 && (
            <ul className="max-h-40 overflow-auto rounded-control border border-line bg-canvas p-3">
              {preview.added.slice(0, SHOWN).map((person) => (
                <li key={person.email} className="break-all">
                  {person.email}
                  {(person.firstName || person.lastName) && (
                    <span className="text-muted"> · {[person.firstName, person.lastName].filter(Boolean).join(' ')}</span>
                  )}
                </li>
              ))}
              {preview.added.length > SHOWN && <li className="text-muted">and {preview.added.length - SHOWN} more</li>}
            </ul>
          )}
          {preview.invalid.length > 0 && (
            <ul className="max-h-32 overflow-auto text-red-700">
              {preview.invalid.slice(0, SHOWN).map((line) => (
                <li key={line.line}>
                  Line {line.line}: {line.reason}
                </li>
              ))}
            </ul>
          )}
          <SwitchField
            id="import-consent"
            label="These people agreed to receive my newsletter"
            hint="Import only people who asked to hear from you: they are added as active subscribers, without a confirmation email."
            checked={consent}
            onChange={setConsent}
          />
        </div>
      )}
      <DialogActions>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={busy || !preview || preview.added.length === 0 || !consent}>
          <Icon shapes={Upload} aria-hidden="true" className="size-4" /> {busy ? 'Importing...' : `Import ${preview?.added.length ?? 0}`}
        </Button>
      </DialogActions>
    </div>
  );
}
