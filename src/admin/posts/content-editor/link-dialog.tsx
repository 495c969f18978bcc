'use client';

import { Link, Unlink } from 'lucide';
import { type FormEvent, useId } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { Dialog, DialogActions } from '../../kit/dialog.tsx';
import { TextField } from '../../kit/fields.tsx';
import { useForm } from '../../kit/use-form.ts';
import { LINK_TEXT_REQUIRED, linkAddressProblem, normalizedAddress } from './link-address.ts';

export interface LinkRequest {
  /** The address of the link the caret is in, or null for a new one. */
  href: string | null;
  /** Whether words are selected to become the link; without them the dialog asks for the words. */
  hasSelection: boolean;
}

/** The visual editor's "Link": the address (and the words, when none are selected); Remove for a link already there. */
export function LinkDialog({
  request,
  onClose,
  onLink,
}: {
  request: LinkRequest | null;
  onClose: () => void;
  onLink: (href: string | null, text?: string) => void;
}) {
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => open || onClose()}
      title={request?.href ? 'Edit link' : 'Add link'}
      description="A web address, an email address or a page of this site."
    >
      {request && <LinkForm request={request} onCancel={onClose} onLink={onLink} />}
    </Dialog>
  );
}

function LinkForm({
  request,
  onCancel,
  onLink,
}: {
  request: LinkRequest;
  onCancel: () => void;
  onLink: (href: string | null, text?: string) => void;
}) {
  const id = useId();
  const asksText = request.href === null && !request.hasSelection;
  const form = useForm(
    { text: '', href: request.href ?? '' },
    ({ text, href }) => {
      const problem = linkAddressProblem(href);
      return {
        ...(asksText && text.trim() === '' ? { text: LINK_TEXT_REQUIRED } : {}),
        ...(problem ? { href: problem } : {}),
      };
    },
    id,
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    // The dialog lives in the post form's React tree: its submit goes no further.
    event.stopPropagation();
    if (!form.check()) return;
    onLink(normalizedAddress(form.values.href), asksText ? form.values.text.trim() : undefined);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      {asksText && <TextField {...form.field('text')} label="Text" required autoComplete="off" />}
      <TextField
        {...form.field('href')}
        label="Address"
        required
        inputMode="url"
        placeholder="https://"
        hint="For example https://example.com, mailto:you@example.com or /contact."
        autoComplete="off"
        spellCheck={false}
      />
      <DialogActions>
        {request.href !== null && (
          <Button variant="outline" onClick={() => onLink(null)} className="sm:mr-auto">
            <Icon shapes={Unlink} aria-hidden="true" className="size-4" /> Remove link
          </Button>
        )}
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">
          <Icon shapes={Link} aria-hidden="true" className="size-4" /> {request.href ? 'Update link' : 'Add link'}
        </Button>
      </DialogActions>
    </form>
  );
}
