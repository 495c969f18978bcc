'use client';

import type { FormEvent } from 'react';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type ClientInput, type ClientSummary, clientInputSchema } from '#src/schemas/client.ts';
import { Dialog, DialogFormActions } from '../kit/dialog.tsx';
import { Options, SelectField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { createClient, updateClient } from './api.ts';

// Adds a client by hand, or edits the details the coach keeps: checked by the server's own schema,
// a message shown at its field (an address another client has, too).

interface Draft {
  name: string;
  email: string;
  phone: string;
  organisation: string;
  timeZone: string;
  status: ClientInput['status'];
  tags: string;
}

const draftOf = (client: ClientSummary | null): Draft => ({
  name: client?.name ?? '',
  email: client?.email ?? '',
  phone: client?.phone ?? '',
  organisation: client?.organisation ?? '',
  timeZone: client?.timeZone ?? '',
  status: client?.status ?? 'prospect',
  tags: client?.tags.join(', ') ?? '',
});

const inputOf = (draft: Draft) => ({
  ...draft,
  timeZone: draft.timeZone.trim() || null,
  tags: draft.tags
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean),
});

export function ClientDialog({
  open,
  client,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The client edited; null adds one. */
  client: ClientSummary | null;
  onClose: () => void;
  onSaved: (saved: ClientSummary) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => next || onClose()}
      title={client ? `Edit ${client.name}` : 'New client'}
      description="One client per email address. Their bookings, packages and messages are found by it."
    >
      {open && <ClientForm client={client} onCancel={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function ClientForm({
  client,
  onCancel,
  onSaved,
}: {
  client: ClientSummary | null;
  onCancel: () => void;
  onSaved: (saved: ClientSummary) => void;
}) {
  const form = useForm(draftOf(client), (draft) => fieldErrors(clientInputSchema.safeParse(inputOf(draft))), 'client');
  const { busy, failure, run } = useAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) return;
    const input = clientInputSchema.parse(inputOf(form.values));
    const saved = await run(() => (client ? updateClient(client.id, input) : createClient(input)), {
      success: { title: client ? 'Client saved' : 'Client added', description: input.name },
      failureTitle: client ? 'Failed to save the client' : 'Failed to add the client',
      fieldError: form.showServerError,
    });
    if (saved !== FAILED) onSaved(saved);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy} className="grid gap-4">
      <TextField {...form.field('name')} label="Name" autoComplete="off" />
      <TextField {...form.field('email')} label="Email" type="email" autoComplete="off" />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...form.field('phone')} label="Phone" optional autoComplete="off" />
        <TextField {...form.field('organisation')} label="Organisation" optional autoComplete="off" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField {...form.field('status')} label="Status">
          <Options items={CLIENT_STATUSES.map((id) => ({ id, name: CLIENT_STATUS_LABELS[id] }))} />
        </SelectField>
        <TextField {...form.field('timeZone')} label="Time zone" optional hint="Such as Europe/London; empty: as their bookings say." />
      </div>
      <TextField {...form.field('tags')} label="Tags" optional hint="Separated by commas, such as executive, sponsored." />
      <DialogFormActions failure={failure} busy={busy} onCancel={onCancel} submitLabel={client ? 'Save Client' : 'Add Client'} />
    </form>
  );
}
