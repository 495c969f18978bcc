import { Link } from 'waku';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import type { MarkedText } from '#src/schemas/post-search.ts';
import { Bone, TextLines } from '../ui/skeleton.tsx';

/** What a blog card shows, prepared on the server (dates already formatted, image chosen). */
export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  image: string;
  categoryName: string;
  date: string;
  authorName: string;
  authorImage: string;
  /** A search's match: the title and a passage with the matched words marked (shown instead of the excerpt). */
  highlight?: { title: MarkedText; snippet: MarkedText };
}

/** Marked parts as text and <mark> elements: React escapes every part, nothing is parsed as HTML. */
function Marked({ parts }: { parts: MarkedText }) {
  return parts.map((part, index) =>
    part.mark ? (
      <mark key={index} className="rounded-sm bg-accent-100 px-0.5 text-inherit">
        {part.text}
      </mark>
    ) : (
      part.text
    ),
  );
}

const cardClass = 'flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-sm';

export function PostCard({ post, eager = false }: { post: PostCardData; eager?: boolean }) {
  return (
    <article className={`${cardClass} relative transition-shadow focus-within:shadow-md hover:shadow-md`}>
      <img
        src={post.image}
        alt=""
        width={1200}
        height={630}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        className="aspect-[40/21] w-full bg-primary-900 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold text-accent-700">{post.categoryName}</span>
          <span aria-hidden="true" className="text-line">
            •
          </span>
          <time className="text-muted">{post.date}</time>
        </div>
        <h2 className="mt-3 text-xl font-semibold leading-snug">
          <Link to={`/blog/${post.slug}`} className="rounded-sm after:absolute after:inset-0 hover:text-primary-700">
            {post.highlight ? <Marked parts={post.highlight.title} /> : post.title}
          </Link>
        </h2>
        <p className="mt-3 line-clamp-3 flex-1 leading-relaxed text-muted">
          {post.highlight ? <Marked parts={post.highlight.snippet} /> : post.excerpt}
        </p>
        <div className="mt-5 flex items-center gap-3 border-t border-line pt-4">
          <SquareImage src={post.authorImage} alt="" size={32} loading="lazy" className="size-8 rounded-full" />
          <span className="text-sm font-medium text-ink">{post.authorName}</span>
        </div>
      </div>
    </article>
  );
}

/** Takes exactly the card's space, so the streamed grid replaces it without moving the page. */
export function PostCardSkeleton() {
  return (
    <div className={cardClass} aria-hidden="true" data-testid="post-card-skeleton">
      <Bone className="aspect-[40/21] w-full rounded-none" strong />
      <div className="flex flex-1 flex-col p-6">
        <Bone className="h-5 w-40" />
        <Bone className="mt-3 h-7 w-5/6" strong />
        <TextLines className="mt-3 space-y-2" line="h-5" />
        <div className="mt-5 flex items-center gap-3 border-t border-line pt-4">
          <Bone className="size-8 rounded-full" strong />
          <Bone className="h-4 w-28" />
        </div>
      </div>
    </div>
  );
}
