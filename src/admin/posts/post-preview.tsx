import { LoaderCircle } from 'lucide';
import { Icon } from '#src/components/ui/icon.tsx';
import { TextLines } from '#src/components/ui/skeleton.tsx';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import { cn } from '#src/lib/cn.ts';
import { UPDATING_PREVIEW } from './messages.ts';

export interface PreviewAuthor {
  name: string;
  image: string;
}

interface PostPreviewProps {
  id: string;
  title: string;
  excerpt: string;
  html: string;
  updating: boolean;
  failed: boolean;
  author: PreviewAuthor;
  className?: string;
}

/** docs/product.md §2: the post as readers will see it — title, excerpt, author line and the rendered body. */
export function PostPreview({ id, title, excerpt, html, updating, failed, author, className }: PostPreviewProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className={cn('min-w-0 rounded-card border border-line bg-surface shadow-sm', className)}
    >
      <div className="flex min-h-12 flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-line px-4 py-2.5 sm:px-6">
        <h2 id={`${id}-heading`} className="font-sans text-sm font-semibold uppercase tracking-wider text-muted">
          Preview
        </h2>
        <p aria-live="polite" className="text-xs text-muted">
          {updating ? (
            <span className="inline-flex items-center gap-1.5">
              <Icon shapes={LoaderCircle} aria-hidden="true" className="size-3.5 animate-spin" />
              {UPDATING_PREVIEW}
            </span>
          ) : failed ? (
            <span className="text-red-700">The preview could not be updated.</span>
          ) : null}
        </p>
      </div>
      <div className="px-4 py-6 sm:px-8 sm:py-8">
        {/* Not a heading element: the rendered body is checked for its own headings. */}
        <p
          className={cn(
            'break-words font-display text-3xl font-semibold leading-tight sm:text-4xl',
            title.trim() ? 'text-primary-950' : 'text-muted',
          )}
        >
          {title.trim() || 'Untitled post'}
        </p>
        {excerpt.trim() && <p className="mt-4 break-words text-lg leading-relaxed text-muted">{excerpt}</p>}
        <p className="mt-6 flex items-center gap-3 border-b border-line pb-6 text-sm text-muted">
          <SquareImage src={author.image} alt="" size={36} className="size-9 rounded-full" />
          <span>
            By <span className="font-semibold text-ink">{author.name}</span>
          </span>
        </p>
        {html ? (
          <div
            data-testid="preview-body"
            className={cn('prose-post mt-8 break-words transition-opacity', updating && 'opacity-60')}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's pipeline, the one the public page uses
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : updating ? (
          <div aria-hidden="true">
            <TextLines className="mt-8 space-y-3" line="h-5" />
          </div>
        ) : (
          <p className="mt-8 text-muted">Start writing the content to see it here.</p>
        )}
      </div>
    </section>
  );
}
