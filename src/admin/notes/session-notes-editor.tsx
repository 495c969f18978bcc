'use client';

import { KeyRound, ListPlus, Send, Trash2 } from 'lucide';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { type ActionItem, EMPTY_NOTES, NOTES_LIMITS, type NotesContent, type NotesScreen } from '#src/schemas/session-notes.ts';
import { AutosaveStatus } from '../kit/autosave/autosave-status.tsx';
import { type AutosaveTarget, useAutosave } from '../kit/autosave/use-autosave.ts';
import { controlClass, TextAreaField } from '../kit/fields.tsx';
import { FormSection } from '../kit/form-section.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { notesUrl, saveNotes, sendSharedNotes } from './api.ts';

// A session's notes (issue 35 §6): private notes, shared notes and action items, saved as the coach
// types (the kit's autosave). What clients tell their coach is never kept in the browser's storage:
// the autosave goes to the server only, where it is encrypted.

/** What is saved: the notes without action items left blank (one just added, not yet written). */
const kept = (notes: NotesContent): NotesContent => ({
  ...notes,
  actionItems: notes.actionItems.filter((item) => item.text.trim() !== ''),
});
const keyOf = (notes: NotesContent) => JSON.stringify(kept(notes));
/** Never "dirty" for the browser's copy: the kit keeps no local draft of these notes. */
const neverKeptLocally = () => false;
const contentOf = ({ privateNotes, sharedNotes, actionItems }: NotesContent): NotesContent => ({ privateNotes, sharedNotes, actionItems });

export function SessionNotesEditor({ screen, now }: { screen: NotesScreen; now: number }) {
  if (!screen.encryption) return <NoKey />;
  return <Editor screen={screen} now={now} />;
}

function NoKey() {
  return (
    <section
      aria-labelledby="notes-key-heading"
      className="mt-6 rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
      data-testid="notes-no-key"
    >
      <h2 id="notes-key-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Icon shapes={KeyRound} aria-hidden="true" className="size-5" /> Session notes need an encryption key
      </h2>
      <p className="mt-2">
        Notes are encrypted before they are stored, so a copy of the database or a backup alone does not reveal what your clients tell you.
        No key is set, so nothing written here would be kept.
      </p>
      <p className="mt-2">
        Set <code className="rounded bg-white/70 px-1">ENCRYPTION_KEY</code> to 32 random bytes in base64 (make one with{' '}
        <code className="rounded bg-white/70 px-1">openssl rand -base64 32</code>), keep a copy somewhere safe, and restart the site.
      </p>
    </section>
  );
}

function Editor({ screen, now }: { screen: NotesScreen; now: number }) {
  const { booking } = screen;
  // What the server held when the page opened: the autosave's starting point.
  const [stored] = useState(() => (screen.notes ? contentOf(screen.notes) : EMPTY_NOTES));
  const [notes, setNotes] = useState<NotesContent>(stored);
  const [version, setVersion] = useState(screen.notes?.version ?? 0);
  const [sentAt, setSentAt] = useState(screen.notes?.sharedSentAt ?? null);
  const { busy, run } = useAction();
  const started = Date.parse(booking.start) <= now;
  const cancelled = booking.status === 'cancelled';

  const target = useMemo<AutosaveTarget<NotesContent>>(
    () => ({
      url: notesUrl(booking.id),
      body: (values, basedOn) => ({ ...kept(values), version: basedOn }),
      send: async (values, basedOn) => {
        const saved = await saveNotes(booking.id, kept(values), basedOn);
        setVersion(saved.version);
        return { savedAt: saved.updatedAt!, version: saved.version };
      },
    }),
    [booking.id],
  );
  const autosave = useAutosave({
    draftKey: `session-notes:${booking.id}`,
    target,
    values: notes,
    base: stored,
    version,
    serverValues: stored,
    keyOf,
    isDirty: neverKeptLocally,
    enabled: true,
  });

  const edit = useCallback((change: Partial<NotesContent>) => setNotes((current) => ({ ...current, ...change })), []);
  const setItem = (index: number, change: Partial<ActionItem>) =>
    edit({ actionItems: notes.actionItems.map((item, i) => (i === index ? { ...item, ...change } : item)) });

  async function share() {
    // The words on screen are saved first: what is sent is what the server holds.
    const failureTitle = 'Failed to send the notes';
    const saved = await run(() => saveNotes(booking.id, kept(notes), version), { failureTitle }, { stay: true });
    if (saved === FAILED) return;
    setVersion(saved.version);
    autosave.markSaved(notes, new Date(saved.updatedAt!));
    const sent = await run(
      () => sendSharedNotes(booking.id),
      { success: { title: 'Notes sent', description: `To ${booking.email}` }, failureTitle },
      { stay: true },
    );
    if (sent !== FAILED) setSentAt(sent.sharedSentAt);
  }

  return (
    <div className="mt-6 grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted">
          {booking.clientId !== null ? (
            <Link to={`/admin/clients/${booking.clientId}`} className="font-medium text-primary-700 underline">
              {booking.name}’s client page
            </Link>
          ) : (
            booking.email
          )}
        </p>
        <AutosaveStatus state={autosave.state} browserOnly={false} />
      </div>

      <FormSection id="private-notes" title="Private notes" intro="Only you see these." layout="mt-4">
        <TextAreaField
          id="notes-private"
          label="Private notes"
          hideLabel
          hint="Markdown. Saved as you type, encrypted."
          rows={10}
          maxLength={NOTES_LIMITS.notes}
          value={notes.privateNotes}
          onChange={(event) => edit({ privateNotes: event.target.value })}
        />
      </FormSection>

      <FormSection
        id="shared-notes"
        title="Shared with the client"
        intro={`Sent to ${booking.name} when you choose Send to Client, after the session.`}
        layout="mt-4 grid gap-4"
      >
        <TextAreaField
          id="notes-shared"
          label="Shared notes"
          hint="Markdown. Saved as you type, encrypted."
          rows={8}
          maxLength={NOTES_LIMITS.notes}
          value={notes.sharedNotes}
          onChange={(event) => edit({ sharedNotes: event.target.value })}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold">Action items</legend>
          {notes.actionItems.length === 0 && <p className="text-sm text-muted">None yet.</p>}
          <ul className="grid gap-2">
            {notes.actionItems.map((item, index) => (
              <li key={index} className="flex items-center gap-2" data-testid="action-item">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-primary-700"
                  checked={item.done}
                  aria-label={`Done: ${item.text || `action item ${index + 1}`}`}
                  onChange={(event) => setItem(index, { done: event.target.checked })}
                />
                <input
                  className={`${controlClass(false)} h-11`}
                  aria-label={`Action item ${index + 1}`}
                  maxLength={NOTES_LIMITS.actionItem}
                  value={item.text}
                  onChange={(event) => setItem(index, { text: event.target.value })}
                />
                <Button
                  variant="outline"
                  size="sm"
                  className="shrink-0"
                  onClick={() => edit({ actionItems: notes.actionItems.filter((_, i) => i !== index) })}
                >
                  <Icon shapes={Trash2} aria-hidden="true" className="size-4" />
                  <span className="sr-only">Remove action item {index + 1}</span>
                </Button>
              </li>
            ))}
          </ul>
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={notes.actionItems.length >= NOTES_LIMITS.actionItems}
              onClick={() => edit({ actionItems: [...notes.actionItems, { text: '', done: false }] })}
            >
              <Icon shapes={ListPlus} aria-hidden="true" className="size-4" /> Add Action Item
            </Button>
          </div>
        </fieldset>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-line pt-4">
          <p className="text-sm text-muted" aria-live="polite">
            {sentAt ? (
              <>
                Last sent <DateTime at={sentAt} />
              </>
            ) : cancelled ? (
              'This session was cancelled.'
            ) : started ? (
              'Not sent yet.'
            ) : (
              'You can send these once the session has started.'
            )}
          </p>
          <Button disabled={busy || !started || cancelled || autosave.state.kind === 'saving'} onClick={() => void share()}>
            <Icon shapes={Send} aria-hidden="true" className="size-4" /> {sentAt ? 'Send Again' : 'Send to Client'}
          </Button>
        </div>
      </FormSection>
    </div>
  );
}
