'use client';

import { Eye } from 'lucide';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { formatDate } from '#src/lib/format-date.ts';
import type { AdminPost } from '#src/schemas/post.ts';
import type { PostRevision } from '#src/schemas/post-revision.ts';
import { FormAlert } from '../kit/fields.tsx';
import { useTimeZone } from '../kit/time-zone.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { MOVED_ON, restoredNotice } from './messages.ts';
import { PostFields } from './post-fields.tsx';
import { PostPreview, type PreviewAuthor } from './post-preview.tsx';
import { PostSchedule } from './post-schedule.tsx';
import { PostToolbar, PUBLISH_CONTROL_ID } from './post-toolbar.tsx';
import { RevisionHistory } from './revision-history.tsx';
import { usePostEditor } from './use-post-editor.ts';
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

/** Back to the publish control once its date and time close (the panel that had focus is gone). */
const focusPublishControl = () => requestAnimationFrame(() => document.getElementById(PUBLISH_CONTROL_ID)?.focus());

/** docs/product.md §2 "Admin create/edit post": one editor for a new post and for a stored one. */
export function PostEditor({ post, categories, author, initialPreviewHtml, tagSuggestions, pendingAutosave = null }: PostEditorProps) {
  const editor = usePostEditor({ post, pendingAutosave });
  const timeZone = useTimeZone();
  const { form, saved, version } = editor;
  const { values } = form;
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const preview = usePostPreview(
    values.title,
    values.content,
    post && initialPreviewHtml !== null ? { title: post.title, content: post.content, html: initialPreviewHtml } : null,
  );

  return (
    <>
      <PostToolbar
        saved={saved}
        dirty={editor.dirty}
        autosaveState={editor.autosaveState}
        running={editor.running}
        onPublication={editor.changePublication}
        onSchedule={editor.schedule.open}
        onDelete={editor.remove}
      />

      {editor.schedule.value !== null && (
        <PostSchedule
          value={editor.schedule.value}
          error={editor.schedule.error}
          busy={editor.running === 'schedule'}
          onChange={editor.schedule.change}
          onConfirm={async () => {
            if (await editor.schedule.confirm()) focusPublishControl();
          }}
          onCancel={() => {
            editor.schedule.close();
            focusPublishControl();
          }}
        />
      )}

      {editor.restoredAt && (
        <div
          role="status"
          className="mt-6 flex flex-wrap items-center gap-3 rounded-card border border-accent-200 bg-accent-50 px-4 py-3 text-sm"
        >
          <span>{restoredNotice(formatDate(editor.restoredAt, timeZone, 'time'))}</span>
          <Button variant="outline" size="sm" onClick={editor.discardRestored}>
            Discard them
          </Button>
        </div>
      )}
      {editor.movedOn && (
        <p role="status" className="mt-6 rounded-card border border-accent-200 bg-accent-50 px-4 py-3 text-sm">
          {MOVED_ON}
        </p>
      )}

      {/* Below lg one column shows at a time: the form or its preview. */}
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
            onSubmit={editor.submit}
            aria-busy={editor.running === 'save'}
            aria-label={saved ? 'Edit post' : 'New post'}
            className="space-y-6"
          >
            <FormAlert message={editor.alert} />
            <PostFields form={form} categories={categories} tagSuggestions={tagSuggestions} />
          </form>
          {saved && version !== null && (
            <RevisionHistory postId={saved.id} version={version} current={values} onRestored={editor.takeStored} />
          )}
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
        conflict={editor.conflict}
        busy={editor.running === 'save'}
        onClose={editor.closeConflict}
        onTakeTheirs={editor.takeTheirs}
        onKeepMine={editor.keepMine}
      />
    </>
  );
}
