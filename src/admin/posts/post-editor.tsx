'use client';

import { ArrowLeft, ExternalLink, Eye, EyeOff, FilePlus2, Save, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useRouter } from 'waku';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { useToast } from '../../lib/toast-store.ts';
import { type AdminPost, CONTENT_MAX, EXCERPT_MAX, SLUG_MAX, TITLE_CONTENT_REQUIRED, TITLE_MAX } from '../../schemas/post.ts';
import { DateTimeField, FormAlert, Options, SelectField, SwitchField, TextAreaField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { createPost, deletePost, setPostPublished, updatePost } from './api.ts';
import {
  CREATE_FAILED,
  CREATE_FAILED_TITLE,
  DELETE_CONFIRM,
  DELETE_FAILED,
  DELETE_FAILED_TITLE,
  IMAGE_HINT,
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
import {
  EMPTY_VALUES,
  inputErrors,
  isDirty,
  missingRequired,
  type PostFormValues,
  rebase,
  toInput,
  valuesOf,
  withTitle,
} from './post-form.ts';
import { PostPreview, type PreviewAuthor } from './post-preview.tsx';
import { StatusBadge } from './status-badge.tsx';
import { TagField } from './tag-field.tsx';
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
export function PostEditor({ post, categories, author, initialPreviewHtml, tagSuggestions }: PostEditorProps) {
  const toast = useToast();
  const router = useRouter();
  const [saved, setSaved] = useState(post);
  const base = saved ? valuesOf(saved) : EMPTY_VALUES;
  const [values, setValues] = useState<PostFormValues>(base);
  const [submitted, setSubmitted] = useState(false);
  const saving = useAction();
  const publishing = useAction();
  const removing = useAction();
  const busy: Busy = saving.busy ? 'save' : publishing.busy ? 'publish' : removing.busy ? 'delete' : null;
  const [tab, setTab] = useState<'write' | 'preview'>('write');

  const dirty = isDirty(values, base);
  useLeaveGuard(dirty);
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
    const sent = values;
    const stored = await saving.run(
      () => (saved ? updatePost(saved.id, toInput(sent)) : createPost(toInput(sent))),
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
    setValues((current) => rebase(current, sent, valuesOf(stored)));
    setSubmitted(false);
    if (!saved) router.push(`/admin/posts/${stored.id}`);
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
            <ArrowLeft aria-hidden="true" className="size-4" /> All posts
          </Link>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-3xl font-semibold">{saved ? 'Edit Post' : 'New Post'}</h1>
            {saved && <StatusBadge status={saved.displayStatus} />}
            {dirty && <span className="text-sm text-muted">Unsaved changes</span>}
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
              <ExternalLink aria-hidden="true" className="size-4" />
              View Live
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {saved && (
            <Button variant="outline" onClick={togglePublished} disabled={busy !== null}>
              {saved.published ? <EyeOff aria-hidden="true" className="size-4" /> : <Send aria-hidden="true" className="size-4" />}
              {saved.published ? 'Unpublish' : 'Publish'}
            </Button>
          )}
          <Button type="submit" form="post-form" disabled={busy !== null}>
            {saved ? <Save aria-hidden="true" className="size-4" /> : <FilePlus2 aria-hidden="true" className="size-4" />}
            {busy === 'save' ? (saved ? 'Saving...' : 'Creating...') : saved ? 'Save Changes' : 'Create Post'}
          </Button>
          {saved && (
            <Button
              variant="outline"
              onClick={remove}
              disabled={busy !== null}
              className="text-red-700 hover:border-red-200 hover:bg-red-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {busy === 'delete' ? 'Deleting...' : 'Delete Post'}
            </Button>
          )}
        </div>
      </div>

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
                <Eye aria-hidden="true" className="size-4" /> Preview
              </>
            )}
          </button>
        ))}
      </fieldset>

      <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
        <form
          id="post-form"
          noValidate
          onSubmit={submit}
          aria-busy={busy === 'save'}
          aria-label={saved ? 'Edit post' : 'New post'}
          className={cn('min-w-0 space-y-6', tab !== 'write' && 'hidden lg:block')}
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
                    <SwitchField {...bindSwitch('autoPublish')} label="Auto-publish" hint="Publish automatically at the scheduled time." />
                  </div>
                </div>
              )}
            </div>
          </fieldset>
        </form>

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
    </>
  );
}
