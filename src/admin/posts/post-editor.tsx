'use client';

import { format } from 'date-fns';
import { ArrowLeft, ExternalLink, Eye, EyeOff, FilePlus2, Save, Send, Trash2 } from 'lucide';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useRouter } from 'waku';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useToast } from '../../lib/toast-store.ts';
import {
  type AdminPost,
  CONTENT_MAX,
  EXCERPT_MAX,
  SLUG_MAX,
  STALE_VERSION_MESSAGE,
  TITLE_CONTENT_REQUIRED,
  TITLE_MAX,
} from '../../schemas/post.ts';
import type { PostRevision } from '../../schemas/post-revision.ts';
import { DateTimeField, FormAlert, Options, SelectField, SwitchField, TextAreaField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { createPost, deletePost, fetchPost, setPostPublished, updatePost } from './api.ts';
import { AutosaveStatus } from './autosave-status.tsx';
import { type Conflict, ConflictDialog } from './conflict-dialog.tsx';
import { ContentImageDrop, CoverImageUpload, insertSnippet } from './image-upload.tsx';
import { readLocalDraft, removeLocalDraft } from './local-draft.ts';
import {
  CREATE_FAILED,
  CREATE_FAILED_TITLE,
  DELETE_CONFIRM,
  DELETE_FAILED,
  DELETE_FAILED_TITLE,
  IMAGE_HINT,
  MOVED_ON,
  POST_CREATED,
  POST_DELETED,
  POST_PUBLISHED,
  POST_UNPUBLISHED,
  POST_UPDATED,
  PUBLISH_FAILED,
  PUBLISH_FAILED_TITLE,
  restoredNotice,
  UPDATE_FAILED,
  UPDATE_FAILED_TITLE,
} from './messages.ts';
import {
  EMPTY_VALUES,
  inputErrors,
  isDirty,
  missingRequired,
  type PostFormValues,
  rebase,
  sameText,
  toInput,
  valuesOf,
  withTitle,
} from './post-form.ts';
import { PostPreview, type PreviewAuthor } from './post-preview.tsx';
import { RevisionHistory } from './revision-history.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TagField } from './tag-field.tsx';
import { useAutosave } from './use-autosave.ts';
import { usePostPreview } from './use-post-preview.ts';

export interface PostEditorProps {
  /** The stored post, or null for /admin/posts/new. */
  post: AdminPost | null;
  categories: Array<{ id: number; name: string }>;
  author: PreviewAuthor;
  /** The stored body already rendered by the server page, so the preview starts filled. */
  initialPreviewHtml: string | null;
  /** Every tag in use, suggested in the tag field. */
  tagSuggestions: string[];
  /** An autosave newer than the stored post (work not saved yet), opened in place of the post's text. */
  pendingAutosave?: PostRevision | null;
}

type Busy = 'save' | 'publish' | 'delete' | null;

const FIELD = {
  title: 'post-title',
  slug: 'post-slug',
  excerpt: 'post-excerpt',
  content: 'post-content',
  customImage: 'post-custom-image',
  categoryId: 'post-category',
  published: 'post-published',
  featured: 'post-featured',
  scheduledFor: 'post-scheduled-for',
  autoPublish: 'post-auto-publish',
  tags: 'post-tags',
} as const;

const cardClass = 'rounded-card border border-line bg-surface p-4 shadow-sm sm:p-6';

/** docs/product.md §2 "Admin create/edit post": one editor for a new post and for a stored one. */
export function PostEditor({ post, categories, author, initialPreviewHtml, tagSuggestions, pendingAutosave = null }: PostEditorProps) {
  const toast = useToast();
  const router = useRouter();
  const [saved, setSaved] = useState(post);
  const base = saved ? valuesOf(saved) : EMPTY_VALUES;
  const [values, setValues] = useState<PostFormValues>(base);
  // The version the text in the form is based on; sent with a save, which is refused if it is outdated.
  const [version, setVersion] = useState<number | null>(post?.version ?? null);
  // When the unsaved work this editor opened with was written (kept in the browser or autosaved).
  const [restoredAt, setRestoredAt] = useState<Date | null>(null);
  const [ready, setReady] = useState(false);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const saving = useAction();
  const publishing = useAction();
  const removing = useAction();
  const busy: Busy = saving.busy ? 'save' : publishing.busy ? 'publish' : removing.busy ? 'delete' : null;
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  // Once, after hydration (the browser's storage is not there on the server): the newest unsaved
  // work, from this browser or the server's autosave, replaces the stored text.
  // biome-ignore lint/correctness/useExhaustiveDependencies: what the editor opened with, read once.
  useEffect(() => {
    const kept = restoredWork(post, base, pendingAutosave);
    if (kept) {
      setValues(kept.values);
      setVersion(kept.version);
      setRestoredAt(kept.at);
    }
    setReady(true);
  }, []);

  const dirty = isDirty(values, base);
  useLeaveGuard(dirty);
  const autosave = useAutosave({
    postId: saved?.id ?? null,
    values,
    base,
    version,
    serverText: pendingAutosave ?? base,
    enabled: ready,
  });
  const movedOn = autosave.serverVersion !== null && version !== null && autosave.serverVersion !== version;
  const preview = usePostPreview(
    values.title,
    values.content,
    post && initialPreviewHtml !== null ? { title: post.title, content: post.content, html: initialPreviewHtml } : null,
  );

  // Checked on submit, then again on every change (derived, never stored).
  const missing = missingRequired(values);
  const errors = submitted ? inputErrors(values) : {};
  const showMissing = submitted && (missing.title || missing.content);
  const alert = showMissing ? TITLE_CONTENT_REQUIRED : saving.failure;
  const set = <Key extends keyof PostFormValues>(key: Key, value: PostFormValues[Key]) =>
    setValues((current) => ({ ...current, [key]: value }));
  /** The props that bind a switch to its value. */
  const bindSwitch = (key: 'published' | 'featured' | 'autoPublish') => ({
    id: FIELD[key],
    checked: values[key],
    onChange: (checked: boolean) => set(key, checked),
  });
  /** The props that bind a text control to its value and message. */
  const bind = (key: 'slug' | 'excerpt' | 'content' | 'customImage' | 'categoryId' | 'scheduledFor') => ({
    id: FIELD[key],
    value: values[key],
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
    error: errors[key],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (missing.title || missing.content) {
      toast({ variant: 'destructive', title: TITLE_CONTENT_REQUIRED });
      document.getElementById(missing.title ? FIELD.title : FIELD.content)?.focus();
      return;
    }
    const [invalid, message] = Object.entries(inputErrors(values))[0] ?? [];
    if (invalid) {
      toast({ variant: 'destructive', title: saved ? UPDATE_FAILED_TITLE : CREATE_FAILED_TITLE, description: message });
      document.getElementById(FIELD[invalid as keyof typeof FIELD] ?? FIELD.title)?.focus();
      return;
    }
    await persist(values, version);
  }

  /** Saves `sent` as based on `basedOn`; a 409 for an outdated version opens the conflict choice. */
  async function persist(sent: PostFormValues, basedOn: number | null) {
    const stored = await saving.run(
      async () => {
        if (!saved) return createPost(toInput(sent));
        try {
          return await updatePost(saved.id, { ...toInput(sent), version: basedOn ?? undefined });
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
      { stay: saved !== null },
    );
    if (stored === FAILED) return;
    setSaved(stored);
    setVersion(stored.version);
    setValues((current) => rebase(current, sent, valuesOf(stored)));
    setSubmitted(false);
    setRestoredAt(null);
    setConflict(null);
    autosave.markSaved(sent, new Date(stored.updatedAt));
    if (!saved) {
      removeLocalDraft(null);
      router.push(`/admin/posts/${stored.id}`);
    }
  }

  /** The form and its base follow a post the server answered with (a restore, or the other save taken). */
  function takeStored(stored: AdminPost) {
    setSaved(stored);
    setValues(valuesOf(stored));
    setVersion(stored.version);
    setRestoredAt(null);
    setConflict(null);
    autosave.markSaved(stored, new Date(stored.updatedAt));
  }

  /** Drops the restored work: the form says what is stored again (and the next autosave says so too). */
  function discardRestored() {
    setValues(base);
    setVersion(saved?.version ?? null);
    setRestoredAt(null);
    removeLocalDraft(saved?.id ?? null);
  }

  async function togglePublished() {
    if (!saved) return;
    const stored = await publishing.run(
      () => setPostPublished(saved.id, !saved.published),
      {
        success: (answer) => ({ title: answer.published ? POST_PUBLISHED : POST_UNPUBLISHED }),
        failureTitle: PUBLISH_FAILED_TITLE,
        fallback: PUBLISH_FAILED,
      },
      { stay: true },
    );
    if (stored === FAILED) return;
    setSaved(stored);
    // The editor's own change: its text stays current, unless someone else saved in between.
    setVersion((current) => (current === saved.version && stored.version === saved.version + 1 ? stored.version : current));
    // Fields edited since the last save keep their edits; the toggle follows the stored post.
    setValues((current) => ({ ...rebase(current, base, valuesOf(stored)), published: stored.published }));
  }

  async function remove() {
    // The spec's browser confirm (docs/product.md §2 "Admin create/edit post").
    if (!saved || !window.confirm(DELETE_CONFIRM)) return;
    const done = await removing.run(() => deletePost(saved.id), {
      success: { title: POST_DELETED },
      failureTitle: DELETE_FAILED_TITLE,
      fallback: DELETE_FAILED,
    });
    if (done !== FAILED) router.push('/admin');
  }

  const slug = values.slug;

  return (
    <>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="min-w-0">
          <Link
            to="/admin/posts"
            className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-900"
          >
            <Icon shapes={ArrowLeft} aria-hidden="true" className="size-4" /> All posts
          </Link>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-3xl font-semibold">{saved ? 'Edit Post' : 'New Post'}</h1>
            {saved && <StatusBadge status={saved.displayStatus} />}
            {dirty && <span className="text-sm text-muted">Unsaved changes</span>}
            <AutosaveStatus state={autosave.state} browserOnly={saved === null && dirty} />
          </div>
        </div>
        {/* Two columns on phones (an odd last button takes the row), one wrapping row above. */}
        <div className="grid grid-cols-2 gap-2 *:gap-1.5 *:whitespace-nowrap *:px-2 *:odd:last:col-span-2 max-[359px]:[&_svg]:hidden sm:flex sm:flex-wrap sm:items-center sm:*:gap-2 sm:*:px-5">
          {saved?.published && (
            <a
              href={`/blog/${encodeURIComponent(saved.slug)}`}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('outline', 'md')}
            >
              <Icon shapes={ExternalLink} aria-hidden="true" className="size-4" />
              View Live
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {saved && (
            <Button variant="outline" onClick={togglePublished} disabled={busy !== null}>
              {saved.published ? (
                <Icon shapes={EyeOff} aria-hidden="true" className="size-4" />
              ) : (
                <Icon shapes={Send} aria-hidden="true" className="size-4" />
              )}
              {saved.published ? 'Unpublish' : 'Publish'}
            </Button>
          )}
          <Button type="submit" form="post-form" disabled={busy !== null}>
            {saved ? (
              <Icon shapes={Save} aria-hidden="true" className="size-4" />
            ) : (
              <Icon shapes={FilePlus2} aria-hidden="true" className="size-4" />
            )}
            {busy === 'save' ? (saved ? 'Saving...' : 'Creating...') : saved ? 'Save Changes' : 'Create Post'}
          </Button>
          {saved && (
            <Button
              variant="outline"
              onClick={remove}
              disabled={busy !== null}
              className="text-red-700 hover:border-red-200 hover:bg-red-50"
            >
              <Icon shapes={Trash2} aria-hidden="true" className="size-4" />
              {busy === 'delete' ? 'Deleting...' : 'Delete Post'}
            </Button>
          )}
        </div>
      </div>

      {restoredAt && (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-center gap-3 rounded-card border border-accent-200 bg-accent-50 px-4 py-3 text-sm"
        >
          <span>{restoredNotice(format(restoredAt, 'HH:mm'))}</span>
          <Button variant="outline" size="sm" onClick={discardRestored}>
            Discard them
          </Button>
        </div>
      )}
      {movedOn && (
        <p role="status" className="mt-6 rounded-card border border-accent-200 bg-accent-50 px-4 py-3 text-sm">
          {MOVED_ON}
        </p>
      )}

      <fieldset
        aria-label="Editor view"
        className="mt-6 grid grid-cols-2 gap-1 rounded-control border border-line bg-surface p-1 shadow-sm lg:hidden"
      >
        {(['write', 'preview'] as const).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={tab === name}
            aria-controls={name === 'write' ? 'post-form' : 'post-preview'}
            onClick={() => setTab(name)}
            className={cn(
              'inline-flex h-10 items-center justify-center gap-2 rounded-[calc(var(--radius-control)-0.25rem)] text-sm font-semibold',
              tab === name ? 'bg-primary-800 text-white' : 'text-primary-800 hover:bg-primary-50',
            )}
          >
            {name === 'write' ? (
              'Write'
            ) : (
              <>
                <Icon shapes={Eye} aria-hidden="true" className="size-4" /> Preview
              </>
            )}
          </button>
        ))}
      </fieldset>

      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <div className={cn('min-w-0 space-y-6', tab !== 'write' && 'hidden lg:block')}>
          <form
            id="post-form"
            noValidate
            onSubmit={submit}
            aria-busy={busy === 'save'}
            aria-label={saved ? 'Edit post' : 'New post'}
            className="space-y-6"
          >
            <FormAlert message={alert} />

            <fieldset className={cardClass}>
              <legend className="sr-only">Content</legend>
              <div className="space-y-5">
                <TextField
                  id={FIELD.title}
                  label="Title"
                  required
                  value={values.title}
                  onChange={(event) => setValues((current) => withTitle(current, event.target.value))}
                  error={submitted && missing.title ? 'Enter a title.' : errors.title}
                  maxLength={TITLE_MAX}
                  autoComplete="off"
                />
                <TextField
                  {...bind('slug')}
                  label="Slug"
                  maxLength={SLUG_MAX}
                  hint={
                    <>
                      <span className="break-all">/blog/{slug || '…'}</span>
                      {' · '}
                      Generated from the title on each title edit.
                    </>
                  }
                  autoComplete="off"
                  spellCheck={false}
                />
                <TextAreaField
                  {...bind('excerpt')}
                  label="Excerpt"
                  rows={3}
                  maxLength={EXCERPT_MAX}
                  hint="A sentence or two for the blog cards and search results."
                />
                <ContentImageDrop
                  textareaId={FIELD.content}
                  onInsert={(markdown, at) =>
                    setValues((current) => ({ ...current, content: insertSnippet(current.content, at, markdown) }))
                  }
                >
                  <TextAreaField
                    {...bind('content')}
                    label="Content"
                    required
                    rows={18}
                    error={submitted && missing.content ? 'Write the content.' : errors.content}
                    maxLength={CONTENT_MAX}
                    hint="Markdown or HTML. Its first H1 line is left out, as on the blog."
                    spellCheck
                    className="[&_textarea]:font-mono sm:[&_textarea]:text-sm"
                  />
                </ContentImageDrop>
              </div>
            </fieldset>

            <fieldset className={cardClass}>
              <legend className="sr-only">Settings</legend>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  {...bind('customImage')}
                  label="Custom image URL"
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  hint={IMAGE_HINT}
                  autoComplete="off"
                  className="sm:col-span-2"
                />
                <CoverImageUpload onUploaded={(url) => set('customImage', url)} />
                <SelectField {...bind('categoryId')} label="Category" className="sm:col-span-2">
                  <Options none="No category" items={categories} />
                </SelectField>
                <TagField
                  id={FIELD.tags}
                  label="Tags"
                  tags={values.tags}
                  suggestions={tagSuggestions}
                  onChange={(tags) => set('tags', tags)}
                  error={errors.tags}
                  hint="Press Enter or comma to add a tag."
                  className="sm:col-span-2"
                />
                <SwitchField {...bindSwitch('published')} label="Publish immediately" hint="Shown on the blog once saved." />
                <SwitchField {...bindSwitch('featured')} label="Featured" hint="Highlighted among the posts." />
                {!values.published && (
                  <div className="grid gap-5 border-t border-line pt-5 sm:col-span-2 sm:grid-cols-2">
                    <DateTimeField {...bind('scheduledFor')} label="Schedule for" hint="Your local time. Leave empty for no schedule." />
                    <div className="sm:pt-7">
                      <SwitchField
                        {...bindSwitch('autoPublish')}
                        label="Auto-publish"
                        hint="Publish automatically at the scheduled time."
                      />
                    </div>
                  </div>
                )}
              </div>
            </fieldset>
          </form>
          {saved && version !== null && <RevisionHistory postId={saved.id} version={version} current={values} onRestored={takeStored} />}
        </div>

        <PostPreview
          id="post-preview"
          title={values.title}
          excerpt={values.excerpt}
          html={preview.html}
          updating={preview.updating}
          failed={preview.failed}
          author={author}
          className={cn('lg:sticky lg:top-6', tab !== 'preview' && 'hidden lg:block')}
        />
      </div>

      <ConflictDialog
        conflict={conflict}
        busy={saving.busy}
        onClose={() => setConflict(null)}
        onTakeTheirs={() => conflict && takeStored(conflict.theirs)}
        onKeepMine={() => {
          if (!conflict) return;
          // Saved over the newer version, now that it has been seen.
          setSaved(conflict.theirs);
          void persist(conflict.mine, conflict.theirs.version);
        }}
      />
    </>
  );
}

/**
 * The unsaved work to open with, if any: the browser's copy (every keystroke) or the server's
 * autosave, whichever was written last when they differ. Null when neither says anything new.
 */
function restoredWork(post: AdminPost | null, base: PostFormValues, pending: PostRevision | null) {
  const local = readLocalDraft(post?.id ?? null);
  let kept: { values: PostFormValues; version: number | null; at: Date } | null = null;
  if (local && isDirty(local.values, base)) kept = { values: local.values, version: local.version, at: new Date(local.editedAt) };
  if (pending) {
    const fromServer = { ...base, title: pending.title, excerpt: pending.excerpt, content: pending.content };
    const newer = !kept || (!sameText(kept.values, fromServer) && Date.parse(pending.createdAt) > kept.at.getTime());
    if (newer && isDirty(fromServer, base)) kept = { values: fromServer, version: pending.baseVersion, at: new Date(pending.createdAt) };
  }
  return kept;
}
