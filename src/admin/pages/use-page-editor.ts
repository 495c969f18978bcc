'use client';

import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { ApiError, adminLink, errorMessage } from '#src/lib/api-client.ts';
import { type AdminPage, type PageContent, pageContent } from '#src/schemas/site-content/pages.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { type LocalDraft, readLocalDraft, removeLocalDraft } from '../kit/autosave/local-draft.ts';
import { type AutosaveTarget, useAutosave } from '../kit/autosave/use-autosave.ts';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { autosavePage, restorePageRevision, savePage } from './api.ts';
import type { FieldErrors } from './content-fields.tsx';

// Admin → Pages' editor state: the page's content as edited, the version it is based on, its
// autosave (the kit's, as posts have), the schema's messages, and the save.

const keyOf = (content: PageContent) => JSON.stringify(content);
const differs = (a: PageContent, b: PageContent) => keyOf(a) !== keyOf(b);

/** The schema's messages by field path (`sections.2.title`); the first one for each field. */
function errorsOf(page: AdminPage['key'], content: PageContent): FieldErrors {
  const parsed = pageContent(page).safeParse(content);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]].join('.') : issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

export function usePageEditor(page: AdminPage, pending: { content: PageContent; savedAt: string } | null) {
  const [saved, setSaved] = useState(page);
  // The version the edits are based on: the stored page's, since a save or restore replaces both.
  const version = saved.version;
  const [content, setContent] = useState(page.content);
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const [ready, setReady] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: string; message: string } | null>(null);
  const action = useAction();
  const draftKey = `coaching:page-draft:${page.key}`;

  const target = useMemo<AutosaveTarget<PageContent>>(
    () => ({
      url: adminLink(`/pages/${page.key}/autosave`),
      body: (values, basedOn) => ({ content: values, version: basedOn }),
      send: async (values, basedOn) => {
        const answer = await autosavePage(page.key, { content: values, version: basedOn });
        return { savedAt: answer.savedAt, version: answer.pageVersion };
      },
    }),
    [page.key],
  );
  const autosave = useAutosave({
    draftKey,
    target,
    values: content,
    base: saved.content,
    version,
    serverValues: pending?.content ?? saved.content,
    keyOf,
    isDirty: differs,
    enabled: ready,
  });

  // Once, after hydration: the newest unsaved work (this browser's copy, or the server's autosave) is opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the editor opened with, read once.
  useEffect(() => {
    const local: LocalDraft<PageContent> | null = readLocalDraft(draftKey, (values) => Array.isArray((values as PageContent)?.sections));
    const candidates: Array<{ values: PageContent; at: Date }> = [];
    if (pending) candidates.push({ values: pending.content, at: new Date(pending.savedAt) });
    if (local && local.version === page.version) candidates.push({ values: local.values, at: new Date(local.editedAt) });
    const kept = candidates.filter((work) => differs(work.values, page.content)).sort((a, b) => b.at.getTime() - a.at.getTime())[0];
    if (kept) {
      setContent(kept.values);
      setRestoredAt(kept.at);
    }
    if (pending && (!kept || !differs(kept.values, pending.content))) autosave.markSaved(pending.content, new Date(pending.savedAt));
    setReady(true);
  }, []);

  const dirty = differs(content, saved.content);
  useLeaveGuard(dirty);

  const errors = useMemo(() => {
    const own = submitted ? errorsOf(page.key, content) : {};
    return serverError ? { [serverError.field]: serverError.message, ...own } : own;
  }, [submitted, page.key, content, serverError]);

  function change(next: PageContent) {
    setContent(next);
    setServerError(null);
  }

  const updateSection = (index: number, next: Section) =>
    change({ ...content, sections: content.sections.map((old, at) => (at === index ? next : old)) });

  function moveSection(from: number, to: number) {
    const sections = [...content.sections];
    const [moved] = sections.splice(from, 1);
    sections.splice(to, 0, moved!);
    change({ ...content, sections });
  }

  /** The stored page, just saved or restored, becomes what the editor shows and is based on. */
  function takeStored(stored: AdminPage) {
    setSaved(stored);
    setContent(stored.content);
    setRestoredAt(null);
    setSubmitted(false);
    setServerError(null);
    action.refuse(null);
    removeLocalDraft(draftKey);
    autosave.markSaved(stored.content, new Date(stored.updatedAt ?? Date.now()));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errorsOf(page.key, content)).length > 0) {
      action.refuse('Some fields need your attention: see the messages in the sections.');
      return;
    }
    const stored = await action.run(
      async () => {
        try {
          return await savePage(page.key, { content, version });
        } catch (error) {
          const field = error instanceof ApiError ? error.serverField : undefined;
          if (field?.startsWith('content.') && error instanceof ApiError)
            setServerError({ field: field.slice('content.'.length), message: error.serverMessage ?? '' });
          throw error;
        }
      },
      { success: { title: 'Page saved' }, failureTitle: 'The page was not saved', fallback: 'Please try again.' },
      { stay: true },
    );
    if (stored !== FAILED) takeStored(stored);
  }

  /**
   * Puts a revision back as the page, from the version the edits are based on. Its dialog tells a
   * refusal; the form keeps it too (a 409: the page was saved elsewhere, reload it first).
   */
  async function restore(revisionId: number) {
    try {
      return await restorePageRevision(page.key, revisionId, version);
    } catch (error) {
      action.refuse(errorMessage(error));
      throw error;
    }
  }

  function discardRestored() {
    setContent(saved.content);
    setRestoredAt(null);
    removeLocalDraft(draftKey);
  }

  return {
    saved,
    content,
    dirty,
    errors,
    restoredAt,
    busy: action.busy,
    failure: action.failure,
    autosaveState: autosave.state,
    updateSection,
    moveSection,
    updateMeta: (meta: PageContent['meta']) => change({ ...content, meta }),
    submit,
    restore,
    replace: takeStored,
    discardRestored,
  };
}
