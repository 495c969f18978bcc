'use client';

import { type FormEvent, useEffect, useState } from 'react';
import { useRouter } from 'waku';
import { ApiError } from '#src/lib/api-client.ts';
import { useToast } from '#src/lib/toast-store.ts';
import { type AdminPost, STALE_VERSION_MESSAGE, TITLE_CONTENT_REQUIRED } from '#src/schemas/post.ts';
import type { PostRevision } from '#src/schemas/post-revision.ts';
import { removeLocalDraft } from '../kit/autosave/local-draft.ts';
import { useAutosave } from '../kit/autosave/use-autosave.ts';
import { useTimeZone } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { createPost, deletePost, fetchPost, setPostPublished, updatePost } from './api.ts';
import type { Conflict } from './conflict-dialog.tsx';
import {
  CREATE_FAILED,
  CREATE_FAILED_TITLE,
  DELETE_CONFIRM,
  DELETE_FAILED,
  DELETE_FAILED_TITLE,
  POST_CREATED,
  POST_DELETED,
  POST_PUBLISHED,
  POST_UNPUBLISHED,
  POST_UPDATED,
  PUBLISH_FAILED,
  PUBLISH_FAILED_TITLE,
  UPDATE_FAILED,
  UPDATE_FAILED_TITLE,
} from './messages.ts';
import { postAutosave, postDraftKey, readPostDraft } from './post-autosave.ts';
import {
  controlIdOf,
  EMPTY_VALUES,
  errorOrder,
  formErrors,
  inputErrors,
  isDirty,
  missingRequired,
  type PostFormValues,
  rebase,
  sameText,
  textKey,
  toInput,
  valuesOf,
} from './post-form.ts';

/** The editor's form: the kit's form over a post's values. */
export type PostForm = ReturnType<typeof useForm<PostFormValues>>;

/** What the toolbar's buttons run, each named for its button to say so ("Saving..."). */
export type PostAction = 'save' | 'publish' | 'delete';

/**
 * The post editor's state (docs/product.md §2 "Admin create/edit post"): the form, the stored post
 * it is based on and its version, the unsaved work it opened with, autosave, a conflicting save,
 * and the changes its buttons send.
 */
export function usePostEditor({ post, pendingAutosave }: { post: AdminPost | null; pendingAutosave: PostRevision | null }) {
  const toast = useToast();
  const router = useRouter();
  const timeZone = useTimeZone();
  const [saved, setSaved] = useState(post);
  const base = saved ? valuesOf(saved, timeZone) : EMPTY_VALUES;
  const form: PostForm = useForm(base, formErrors, 'post', { order: errorOrder, controlId: controlIdOf });
  const { values } = form;
  // The version the text in the form is based on; sent with a save, which is refused if it is outdated.
  const [version, setVersion] = useState<number | null>(post?.version ?? null);
  // When the unsaved work this editor opened with was written (kept in the browser or autosaved).
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const [ready, setReady] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const action = useAction();

  // Once, after hydration (the browser's storage is not there on the server): the newest unsaved
  // work, from this browser or the server's autosave, replaces the stored text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the editor opened with, read once.
  useEffect(() => {
    const kept = restoredWork(post, base, pendingAutosave);
    if (kept) {
      form.setValues(kept.values);
      setVersion(kept.version);
      setRestoredAt(kept.at);
    }
    // The server may hold this very text already (the last autosave of the page closed before,
    // sent as it went): say when, rather than nothing, since no autosave will follow.
    if (pendingAutosave && sameText(kept?.values ?? base, pendingAutosave)) {
      autosave.markSaved(pendingAutosave, new Date(pendingAutosave.createdAt));
    }
    setReady(true);
  }, []);

  // Not the form's own `dirty`: the base is the stored post, which a publish toggle and "Keep mine"
  // move while the text stays, and a save answers by rebasing edits typed meanwhile, not replacing them.
  const dirty = isDirty(values, base);
  useLeaveGuard(dirty);
  const autosave = useAutosave({
    draftKey: postDraftKey(saved?.id ?? null),
    target: saved ? postAutosave(saved.id) : null,
    values,
    base,
    version,
    serverValues: pendingAutosave
      ? { ...base, title: pendingAutosave.title, excerpt: pendingAutosave.excerpt, content: pendingAutosave.content }
      : base,
    keyOf: textKey,
    isDirty,
    enabled: ready,
  });
  const movedOn = autosave.serverVersion !== null && version !== null && autosave.serverVersion !== version;

  const missing = missingRequired(values);
  const alert = form.submitted && (missing.title || missing.content) ? TITLE_CONTENT_REQUIRED : action.failure;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check()) {
      if (missing.title || missing.content) toast({ variant: 'destructive', title: TITLE_CONTENT_REQUIRED });
      else {
        const message = Object.values(inputErrors(values))[0];
        toast({ variant: 'destructive', title: saved ? UPDATE_FAILED_TITLE : CREATE_FAILED_TITLE, description: message });
      }
      return;
    }
    await persist(values, version);
  }

  /** Saves `sent` as based on `basedOn`; a 409 for an outdated version opens the conflict choice. */
  async function persist(sent: PostFormValues, basedOn: number | null) {
    const stored = await action.run(
      async () => {
        if (!saved) return createPost(toInput(sent, timeZone));
        try {
          return await updatePost(saved.id, { ...toInput(sent, timeZone), version: basedOn ?? undefined });
        } catch (error) {
          if (error instanceof ApiError && error.status === 409 && error.serverMessage === STALE_VERSION_MESSAGE) {
            setConflict({ theirs: await fetchPost(saved.id), mine: sent });
          }
          throw error;
        }
      },
      {
        success: { title: saved ? POST_UPDATED : POST_CREATED },
        failureTitle: saved ? UPDATE_FAILED_TITLE : CREATE_FAILED_TITLE,
        fallback: saved ? UPDATE_FAILED : CREATE_FAILED,
      },
      // A new post's editor stays busy until the page of its stored copy opens.
      { stay: saved !== null, as: 'save' satisfies PostAction },
    );
    if (stored === FAILED) return;
    setSaved(stored);
    setVersion(stored.version);
    form.setValues((current) => rebase(current, sent, valuesOf(stored, timeZone)));
    form.resetSubmitted();
    setRestoredAt(null);
    setConflict(null);
    autosave.markSaved(sent, new Date(stored.updatedAt));
    if (!saved) {
      removeLocalDraft(postDraftKey(null));
      router.push(`/admin/posts/${stored.id}`);
    }
  }

  /** The form and its base follow a post the server answered with (a restore, or the other save taken). */
  function takeStored(stored: AdminPost) {
    setSaved(stored);
    form.setValues(valuesOf(stored, timeZone));
    setVersion(stored.version);
    setRestoredAt(null);
    setConflict(null);
    autosave.markSaved(stored, new Date(stored.updatedAt));
  }

  /** Drops the restored work: the form says what is stored again (and the next autosave says so too). */
  function discardRestored() {
    form.setValues(base);
    setVersion(saved?.version ?? null);
    setRestoredAt(null);
    removeLocalDraft(postDraftKey(saved?.id ?? null));
  }

  async function togglePublished() {
    if (!saved) return;
    const stored = await action.run(
      () => setPostPublished(saved.id, !saved.published),
      {
        success: (answer) => ({ title: answer.published ? POST_PUBLISHED : POST_UNPUBLISHED }),
        failureTitle: PUBLISH_FAILED_TITLE,
        fallback: PUBLISH_FAILED,
      },
      // Not the form's own change: a failure beside the form stays the last save's.
      { stay: true, as: 'publish' satisfies PostAction, toastOnly: true },
    );
    if (stored === FAILED) return;
    setSaved(stored);
    // The editor's own change: its text stays current, unless someone else saved in between.
    setVersion((current) => (current === saved.version && stored.version === saved.version + 1 ? stored.version : current));
    // Fields edited since the last save keep their edits; the toggle follows the stored post.
    form.setValues((current) => ({ ...rebase(current, base, valuesOf(stored, timeZone)), published: stored.published }));
  }

  async function remove() {
    // The spec's browser confirm (docs/product.md §2 "Admin create/edit post").
    if (!saved || !window.confirm(DELETE_CONFIRM)) return;
    const done = await action.run(
      () => deletePost(saved.id),
      { success: { title: POST_DELETED }, failureTitle: DELETE_FAILED_TITLE, fallback: DELETE_FAILED },
      { as: 'delete' satisfies PostAction, toastOnly: true },
    );
    if (done !== FAILED) router.push('/admin');
  }

  /** "Keep mine": saved over the newer version, now that it has been seen. */
  function keepMine() {
    if (!conflict) return;
    setSaved(conflict.theirs);
    void persist(conflict.mine, conflict.theirs.version);
  }

  return {
    form,
    saved,
    version,
    dirty,
    alert,
    /** The button's change that runs, if any. */
    running: action.running as PostAction | null,
    autosaveState: autosave.state,
    movedOn,
    restoredAt,
    discardRestored,
    conflict,
    closeConflict: () => setConflict(null),
    takeTheirs: () => conflict && takeStored(conflict.theirs),
    keepMine,
    submit,
    togglePublished,
    remove,
    takeStored,
  };
}

/**
 * The unsaved work to open with, if any: the browser's copy (every keystroke) or the server's
 * autosave, whichever was written last when they differ. Null when neither says anything new.
 */
function restoredWork(post: AdminPost | null, base: PostFormValues, pending: PostRevision | null) {
  const local = readPostDraft(post?.id ?? null);
  let kept: { values: PostFormValues; version: number | null; at: Date } | null = null;
  if (local && isDirty(local.values, base)) kept = { values: local.values, version: local.version, at: new Date(local.editedAt) };
  if (pending) {
    const fromServer = { ...base, title: pending.title, excerpt: pending.excerpt, content: pending.content };
    const newer = !kept || (!sameText(kept.values, fromServer) && Date.parse(pending.createdAt) > kept.at.getTime());
    if (newer && isDirty(fromServer, base)) kept = { values: fromServer, version: pending.baseVersion, at: new Date(pending.createdAt) };
  }
  return kept;
}
