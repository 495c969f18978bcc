'use client';

import { type FormEvent, useEffect, useState } from 'react';
import { useRouter } from 'waku';
import { ApiError } from '#src/lib/api-client.ts';
import { formatDate, timeZoneLabel } from '#src/lib/format-date.ts';
import { fromLocalInput } from '#src/lib/local-datetime.ts';
import { useToast } from '#src/lib/toast-store.ts';
import { type AdminPost, STALE_VERSION_MESSAGE, TITLE_CONTENT_REQUIRED } from '#src/schemas/post.ts';
import type { PostRevision } from '#src/schemas/post-revision.ts';
import { removeLocalDraft } from '../kit/autosave/local-draft.ts';
import { useAutosave } from '../kit/autosave/use-autosave.ts';
import { useTimeZone } from '../kit/time-zone.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { createPost, deletePost, fetchPost, updatePost } from './api.ts';
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
  SCHEDULE_IN_PAST,
  SCHEDULE_MISSING,
  SCHEDULE_REMOVED,
  scheduledNotice,
  UPDATE_FAILED,
  UPDATE_FAILED_TITLE,
} from './messages.ts';
import { postAutosave, postDraftKey, readPostDraft } from './post-autosave.ts';
import {
  controlIdOf,
  EMPTY_VALUES,
  errorOrder,
  FIELD_IDS,
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
  withPublicationOf,
} from './post-form.ts';

/** The editor's form: the kit's form over a post's values. */
export type PostForm = ReturnType<typeof useForm<PostFormValues>>;

/** The publish control's changes (issue 32 §5): each saves the form as it stands, with the post's publication changed. */
export type Publication = 'publish' | 'unpublish' | 'schedule' | 'unschedule';

/** What the toolbar's buttons run, each named for its button to say so ("Saving..."). */
export type PostAction = 'save' | Publication | 'delete';

/** A save that the other save got in before: what was sent, and the publication change it carried. */
type Conflicted = Conflict & { publication: Publication | null; publicationValues: Partial<PostFormValues> };

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
  const [conflict, setConflict] = useState<Conflicted | null>(null);
  // The publish control's date and time while "Schedule…" is open (a `datetime-local` value), else null.
  const [scheduling, setScheduling] = useState<string | null>(null);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
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

  /** The form's own check before anything is sent: true when it may go; else its messages show, with a toast. */
  function checked(failureTitle: string): boolean {
    if (form.check()) return true;
    if (missing.title || missing.content) toast({ variant: 'destructive', title: TITLE_CONTENT_REQUIRED });
    else toast({ variant: 'destructive', title: failureTitle, description: Object.values(inputErrors(values))[0] });
    return false;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (checked(saved ? UPDATE_FAILED_TITLE : CREATE_FAILED_TITLE)) await persist(values, version);
  }

  /** What each publication change tells, on success and failure. */
  function publicationMessages(publication: Publication, change: Partial<PostFormValues>) {
    const failure = { failureTitle: PUBLISH_FAILED_TITLE, fallback: PUBLISH_FAILED };
    const instant = fromLocalInput(change.scheduledFor ?? '', timeZone);
    const success = {
      publish: { title: POST_PUBLISHED },
      unpublish: { title: POST_UNPUBLISHED },
      schedule: scheduledNotice(instant ? `${formatDate(instant, timeZone)} (${timeZoneLabel(timeZone)})` : ''),
      unschedule: { title: SCHEDULE_REMOVED },
    }[publication];
    return { success, ...failure };
  }

  /**
   * Saves `sent` as based on `basedOn`, with a publication change's values (`publication`) sent in
   * place of the form's; a 409 for an outdated version opens the conflict choice. The form itself
   * never holds the change: its publication fields follow the stored post once it answers.
   */
  async function persist(
    sent: PostFormValues,
    basedOn: number | null,
    publication: Publication | null = null,
    publicationValues: Partial<PostFormValues> = {},
  ) {
    const input = toInput({ ...sent, ...publicationValues }, timeZone);
    const stored = await action.run(
      async () => {
        if (!saved) return createPost(input);
        try {
          return await updatePost(saved.id, { ...input, version: basedOn ?? undefined });
        } catch (error) {
          if (error instanceof ApiError && error.status === 409 && error.serverMessage === STALE_VERSION_MESSAGE) {
            setConflict({ theirs: await fetchPost(saved.id), mine: sent, publication, publicationValues });
          }
          throw error;
        }
      },
      publication
        ? publicationMessages(publication, publicationValues)
        : {
            success: { title: saved ? POST_UPDATED : POST_CREATED },
            failureTitle: saved ? UPDATE_FAILED_TITLE : CREATE_FAILED_TITLE,
            fallback: saved ? UPDATE_FAILED : CREATE_FAILED,
          },
      // A new post's editor stays busy until the page of its stored copy opens.
      { stay: saved !== null, as: (publication ?? 'save') satisfies PostAction },
    );
    if (stored === FAILED) return false;
    if (publication) setScheduling(null);
    setSaved(stored);
    setVersion(stored.version);
    const next = valuesOf(stored, timeZone);
    form.setValues((current) => withPublicationOf(rebase(current, sent, next), next));
    form.resetSubmitted();
    setRestoredAt(null);
    setConflict(null);
    autosave.markSaved(sent, new Date(stored.updatedAt));
    if (!saved) {
      removeLocalDraft(postDraftKey(null));
      router.push(`/admin/posts/${stored.id}`);
    }
    return true;
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

  /**
   * The publish control (issue 32 §5): Publish now, Unpublish and Cancel schedule save the post as
   * the editor shows it with its publication changed; Schedule… opens the date and time first.
   * Publishing clears a schedule (toInput); a schedule publishes automatically when its time comes.
   */
  async function changePublication(publication: Exclude<Publication, 'schedule'>) {
    if (action.busy || !checked(PUBLISH_FAILED_TITLE)) return;
    const change: Record<typeof publication, Partial<PostFormValues>> = {
      publish: { published: true },
      unpublish: { published: false, scheduledFor: '', autoPublish: false },
      unschedule: { published: false, scheduledFor: '', autoPublish: false },
    };
    await persist(values, version, publication, change[publication]);
  }

  /** "Schedule…": the date and time to publish at, the stored one to start with. */
  function openSchedule() {
    setScheduleError(null);
    setScheduling(saved?.scheduledFor ? values.scheduledFor : '');
  }

  function closeSchedule() {
    setScheduleError(null);
    setScheduling(null);
  }

  function changeSchedule(value: string) {
    setScheduleError(null);
    setScheduling(value);
  }

  /** Saves the post to be published automatically at the chosen time, which must be ahead; true once it is. */
  async function confirmSchedule(): Promise<boolean> {
    if (scheduling === null || action.busy) return false;
    const instant = fromLocalInput(scheduling, timeZone);
    const problem = !instant ? SCHEDULE_MISSING : Date.parse(instant) <= Date.now() ? SCHEDULE_IN_PAST : null;
    setScheduleError(problem);
    if (problem) {
      document.getElementById(FIELD_IDS.scheduledFor)?.focus();
      return false;
    }
    if (!checked(PUBLISH_FAILED_TITLE)) return false;
    return persist(values, version, 'schedule', { published: false, scheduledFor: scheduling, autoPublish: true });
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
    // My text over theirs; the publication stays theirs unless mine was a publication change.
    const mine = withPublicationOf(conflict.mine, valuesOf(conflict.theirs, timeZone));
    void persist(mine, conflict.theirs.version, conflict.publication, conflict.publicationValues);
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
    changePublication,
    schedule: {
      value: scheduling,
      error: scheduleError,
      open: openSchedule,
      close: closeSchedule,
      change: changeSchedule,
      confirm: confirmSchedule,
    },
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
  const fromBrowser = local ? withPublicationOf(local.values, base) : null;
  if (local && fromBrowser && isDirty(fromBrowser, base))
    kept = { values: fromBrowser, version: local.version, at: new Date(local.editedAt) };
  if (pending) {
    const fromServer = { ...base, title: pending.title, excerpt: pending.excerpt, content: pending.content };
    const newer = !kept || (!sameText(kept.values, fromServer) && Date.parse(pending.createdAt) > kept.at.getTime());
    if (newer && isDirty(fromServer, base)) kept = { values: fromServer, version: pending.baseVersion, at: new Date(pending.createdAt) };
  }
  return kept;
}
