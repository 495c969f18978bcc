'use client';

import { Code, PenLine } from 'lucide';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { imageMarkdown } from '#src/schemas/media.ts';
import { CONTENT_MAX } from '#src/schemas/post.ts';
import { controlClass, fieldAria } from '../../kit/fields.tsx';
import { ContentImageDrop, insertSnippet } from '../image-upload.tsx';
import { EDITOR_AREA, EDITOR_FRAME, FormatToolbar, NOTHING_ON } from './format-toolbar.tsx';
import type { MarkdownEditor } from './markdown-editor.ts';

// The editor (Milkdown and ProseMirror) loads only in the browser, and only when it shows.
const VisualEditor = lazy(() => import('./visual-editor.tsx'));

export type ContentView = 'visual' | 'markdown';

/** The browser remembers the view the coach chose last. */
const VIEW_KEY = 'admin.post-content-view';

const HINTS: Record<ContentView, string> = {
  visual: 'Format with the buttons above. Its first main heading is left out, as on the blog.',
  markdown: 'Markdown or HTML. Its first H1 line is left out, as on the blog.',
};

/**
 * The post's content (issue 32 §5): a visual editor by default, or the Markdown it is stored as
 * for those who want it. Both edit the same Markdown, so switching loses nothing.
 */
export function ContentField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (next: string | ((current: string) => string)) => void;
}) {
  // The server and the first render agree (visual, not yet started); the browser's choice follows.
  const [view, setView] = useState<ContentView>('visual');
  const [started, setStarted] = useState(false);
  const editor = useRef<MarkdownEditor | null>(null);
  useEffect(() => {
    if (localStorage.getItem(VIEW_KEY) === 'markdown') setView('markdown');
    setStarted(true);
  }, []);

  function choose(next: ContentView) {
    setView(next);
    localStorage.setItem(VIEW_KEY, next);
  }

  const hint = HINTS[view];
  const aria = fieldAria({ id, label: 'Content', hint, error: error ?? null, required: true });
  const labelId = `${id}-label`;

  const cursor = () => {
    if (view === 'visual') return editor.current?.caret() ?? Number.MAX_SAFE_INTEGER;
    const textarea = document.getElementById(id);
    return textarea instanceof HTMLTextAreaElement ? textarea.selectionEnd : Number.MAX_SAFE_INTEGER;
  };

  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <label id={labelId} htmlFor={id} className="text-sm font-semibold">
          Content
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        </label>
        <fieldset className="inline-flex rounded-control border border-line bg-canvas p-0.5">
          <legend className="sr-only">Content view</legend>
          {(['visual', 'markdown'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => choose(option)}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-[calc(var(--radius-control)-2px)] px-3 text-sm font-medium',
                view === option ? 'bg-surface text-primary-900 shadow-sm' : 'text-muted hover:text-ink',
              )}
            >
              <Icon shapes={option === 'visual' ? PenLine : Code} aria-hidden="true" className="size-4" />
              {option === 'visual' ? 'Visual' : 'Markdown'}
            </button>
          ))}
        </fieldset>
      </div>
      <ContentImageDrop
        cursor={cursor}
        pickButton={view === 'markdown'}
        onInsert={(image, at) => {
          if (view === 'visual' && editor.current) editor.current.image({ src: image.url, alt: image.decorative ? '' : image.alt }, at);
          else onChange((content) => insertSnippet(content, at, imageMarkdown(image)));
        }}
      >
        {(pick) =>
          view === 'markdown' ? (
            <textarea
              {...aria}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              rows={18}
              maxLength={CONTENT_MAX}
              spellCheck
              className={cn(controlClass(!!error), 'mt-1.5 py-2 font-mono sm:text-sm')}
            />
          ) : started ? (
            <Suspense fallback={<VisualSkeleton />}>
              <VisualEditor
                id={id}
                value={value}
                onChange={onChange}
                attributes={{
                  'aria-labelledby': labelId,
                  'aria-required': 'true',
                  ...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
                  ...(error ? { 'aria-invalid': 'true' } : {}),
                }}
                onPickImage={pick}
                handle={editor}
              />
            </Suspense>
          ) : (
            <VisualSkeleton />
          )
        }
      </ContentImageDrop>
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The editor's place while it loads: its frame, its toolbar (inert) and its writing area, the
 * same sizes, so nothing moves when it comes.
 */
function VisualSkeleton() {
  return (
    <div aria-hidden="true" inert className={EDITOR_FRAME}>
      <FormatToolbar editorId="" formatting={NOTHING_ON} disabled onCommand={() => {}} />
      <div className={cn(EDITOR_AREA, 'animate-pulse space-y-3 py-4')}>
        <div className="h-4 w-3/4 rounded bg-line/60" />
        <div className="h-4 w-2/3 rounded bg-line/60" />
        <div className="h-4 w-1/2 rounded bg-line/60" />
      </div>
    </div>
  );
}
