'use client';

import { CalendarClock, Eye, Save, Send, TestTube2 } from 'lucide';
import { type FormEvent, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { errorMessage } from '#src/lib/api-client.ts';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { fromLocalInput } from '#src/lib/local-datetime.ts';
import { useToast } from '#src/lib/toast-store.ts';
import { type AdminNewsletter, newsletterInputSchema } from '#src/schemas/newsletter.ts';
import { ConfirmDialog } from '../kit/confirm-dialog.tsx';
import { DateTimeField, FormAlert, Options, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';
import { useTimeZone } from '../kit/time-zone.tsx';
import { type ActionMessages, FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { createNewsletter, newsletterFromPost, previewNewsletter, sendNewsletter, sendTestNewsletter, updateNewsletter } from './api.ts';

type Field = 'subject' | 'body';

const SCHEDULE_FIELD = { id: 'newsletter-schedule', label: 'Or send it later' };

interface EditorProps {
  newsletter: AdminNewsletter | null;
  posts: Array<{ id: number; name: string }>;
  activeSubscribers: number;
  /** After any change that the list should show. */
  onChanged: () => void;
  onClose: () => void;
  /** The newsletter is on its way: its progress is shown next. */
  onSent: (newsletter: AdminNewsletter) => void;
}

/** A draft newsletter: subject and Markdown body, its email preview, a test to yourself, and sending. */
export function NewsletterEditor({ newsletter, posts, activeSubscribers, onChanged, onClose, onSent }: EditorProps) {
  const toast = useToast();
  const timeZone = useTimeZone();
  const form = useForm(
    { subject: newsletter?.subject ?? '', body: newsletter?.body ?? '' },
    (values) => fieldErrors<Field>(newsletterInputSchema.safeParse(values)),
    'newsletter',
  );
  const [saved, setSaved] = useState<AdminNewsletter | null>(newsletter);
  const [postId, setPostId] = useState<number | null>(newsletter?.postId ?? null);
  const [previewHtml, setPreviewHtml] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [scheduleAt, setScheduleAt] = useState('');
  const action = useAction();

  /** The current text, saved as a draft (created the first time). */
  const saveDraft = () => {
    const input = { subject: form.values.subject, body: form.values.body, postId };
    return saved ? updateNewsletter(saved.id, input) : createNewsletter(input);
  };

  /** Runs one step after saving the current text; a failure is shown on the form and in a toast. */
  async function step<T>(
    as: string,
    failureTitle: string,
    work: (draft: AdminNewsletter) => Promise<T>,
    success?: ActionMessages<T>['success'],
  ) {
    if (!form.check()) return FAILED;
    const done = await action.run(
      async () => {
        const draft = await saveDraft();
        setSaved(draft);
        return work(draft);
      },
      { success, failureTitle },
      { stay: true, as },
    );
    if (done !== FAILED) onChanged();
    return done;
  }

  async function startFromPost(value: string) {
    const id = Number(value);
    if (!id) return;
    try {
      const filled = await newsletterFromPost(id);
      form.setValues({ subject: filled.subject, body: filled.body });
      setPostId(filled.postId);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Failed to load the post', description: errorMessage(error) });
    }
  }

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    return step('save', 'Failed to save the newsletter', async () => undefined, { title: 'Newsletter saved' });
  };
  const preview = () =>
    step('preview', 'Failed to preview the newsletter', async ({ subject, body }) =>
      setPreviewHtml((await previewNewsletter({ subject, body })).html),
    );
  const test = () =>
    step(
      'test',
      'Failed to send the test',
      (draft) => sendTestNewsletter(draft.id),
      ({ message }) => ({ title: 'Test sent', description: message }),
    );
  const schedule = async () => {
    const at = fromLocalInput(scheduleAt, timeZone);
    if (!at) return action.refuse('Choose a date and time to schedule it for.');
    const done = await step('schedule', 'Failed to schedule the newsletter', (draft) => sendNewsletter(draft.id, at), {
      title: 'Newsletter scheduled',
    });
    if (done !== FAILED) onClose();
  };

  return (
    <section aria-labelledby="newsletter-editor-heading" className="mt-8 rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="newsletter-editor-heading" className="text-xl font-semibold">
          {saved ? 'Edit newsletter' : 'New newsletter'}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <form noValidate onSubmit={save} className="mt-5 space-y-5">
        <FormAlert message={action.failure} />
        <SelectField
          id="newsletter-from-post"
          label="Start from a post"
          value=""
          onChange={(event) => void startFromPost(event.target.value)}
        >
          <Options none="Choose a published post…" items={posts} />
        </SelectField>
        <TextField {...form.field('subject')} label="Subject" required maxLength={200} />
        <TextAreaField
          {...form.field('body')}
          label="Body"
          required
          rows={12}
          hint="Markdown: **bold**, [links](https://…), lists. Every email ends with the reader's unsubscribe link."
          className="[&_textarea]:font-mono sm:[&_textarea]:text-sm"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="outline" disabled={action.busy}>
            <Icon shapes={Save} aria-hidden="true" className="size-4" /> {action.running === 'save' ? 'Saving...' : 'Save draft'}
          </Button>
          <Button variant="outline" onClick={preview} disabled={action.busy}>
            <Icon shapes={Eye} aria-hidden="true" className="size-4" /> Preview
          </Button>
          <Button variant="outline" onClick={test} disabled={action.busy}>
            <Icon shapes={TestTube2} aria-hidden="true" className="size-4" /> {action.running === 'test' ? 'Sending...' : 'Send test to me'}
          </Button>
          <Button onClick={() => form.check() && setConfirming(true)} disabled={action.busy || activeSubscribers === 0}>
            <Icon shapes={Send} aria-hidden="true" className="size-4" /> Send…
          </Button>
        </div>
        <div className="grid gap-3 border-t border-line pt-5 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <DateTimeField {...SCHEDULE_FIELD} value={scheduleAt} onChange={(event) => setScheduleAt(event.target.value)} />
          <Button variant="outline" onClick={schedule} disabled={action.busy || activeSubscribers === 0}>
            <Icon shapes={CalendarClock} aria-hidden="true" className="size-4" /> Schedule
          </Button>
        </div>
      </form>
      {previewHtml && (
        <div className="mt-6">
          <h3 className="text-base font-semibold">Preview</h3>
          <iframe
            title="The newsletter as it will arrive"
            sandbox=""
            srcDoc={previewHtml}
            className="mt-2 h-[32rem] w-full rounded-control border border-line bg-white"
          />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Send this newsletter?"
        description={`"${form.values.subject}" goes to ${activeSubscribers} active ${activeSubscribers === 1 ? 'subscriber' : 'subscribers'} now. This cannot be undone.`}
        variant="default"
        confirmLabel={`Send to ${activeSubscribers}`}
        busyLabel="Sending..."
        onCancel={() => setConfirming(false)}
        action={async () => sendNewsletter((await saveDraft()).id)}
        success={{ title: 'Newsletter on its way' }}
        failureTitle="Failed to send the newsletter"
        onDone={(sending) => {
          setConfirming(false);
          onChanged();
          onSent(sending);
        }}
      />
    </section>
  );
}
