import { ArrowLeft, FileQuestion } from 'lucide';
import { PageTitle } from '#src/components/page-title.tsx';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { POST_NOT_FOUND } from './messages.ts';

/** docs/product.md §2: an unknown or malformed post id on /admin/posts/{id} (the page answers 404). */
export function PostNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center rounded-card border border-line bg-surface px-6 py-14 text-center shadow-sm">
      <PageTitle title={POST_NOT_FOUND} />
      <span className="flex size-12 items-center justify-center rounded-control bg-primary-50 text-primary-800">
        <Icon shapes={FileQuestion} aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold">{POST_NOT_FOUND}</h1>
      <p className="mt-2 text-muted">It may have been deleted, or the link is wrong.</p>
      <ButtonLink to="/admin/posts" variant="outline" className="mt-8">
        <Icon shapes={ArrowLeft} aria-hidden="true" className="size-4" /> Back to posts
      </ButtonLink>
    </section>
  );
}
