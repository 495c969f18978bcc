import { ArrowLeft, CalendarDays, Clock } from 'lucide';
import { Link } from 'waku';
import { unstable_redirect } from 'waku/router/server';
import { readingTimeMinutes } from '#server/markdown/render.ts';
import { mediaDimensionsIn } from '#server/services/media.ts';
import { currentSlugOf, getPublishedPostBySlug, type PostDetail } from '#server/services/posts/published.ts';
import { currentSettings } from '#server/services/settings.ts';
import { COACH_AVATAR, postImage, socialImage } from '#src/components/blog/card-data.ts';
import { PostCover } from '#src/components/blog/post-cover.tsx';
import { Meta } from '#src/components/meta.tsx';
import { NewsletterPanel } from '#src/components/newsletter/newsletter-panel.tsx';
import { NotFoundView } from '#src/components/not-found-view.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import { siteConfig } from '#src/config/site.ts';
import { cn } from '#src/lib/cn.ts';
import { formatLongDate } from '#src/lib/format-date.ts';
import { setPageStatus } from '#src/lib/page-status.ts';
import { postSummary } from '#src/lib/post-summary.ts';

export const POST_NOT_FOUND_TITLE = 'Blog Post Not Found';
export const POST_NOT_FOUND_TEXT = "The article you're looking for doesn't exist or has been removed.";

export default async function BlogPostPage({ slug }: { slug: string }) {
  const post = await getPublishedPostBySlug(slug);
  if (!post) {
    // A renamed post's earlier address: a permanent redirect, before anything streams.
    const moved = await currentSlugOf(slug);
    // (Waku's type lists 303, 307 and 308; the status is passed through as given.)
    if (moved) unstable_redirect(`/blog/${encodeURIComponent(moved)}`, 301 as 308);
    setPageStatus(404);
    return <NotFoundView title={POST_NOT_FOUND_TITLE} text={POST_NOT_FOUND_TEXT} backHref="/blog" backLabel="Back to Blog" />;
  }
  const cover = postImage(post);
  const [{ newsletterEnabled: newsletter, coachName }, coverImages] = await Promise.all([currentSettings(), mediaDimensionsIn(cover)]);
  const date = post.publishedAt ?? post.createdAt;
  return (
    <article>
      <Meta
        title={post.title}
        description={postSummary(post.excerpt, post.html)}
        path={`/blog/${post.slug}`}
        type="article"
        image={socialImage(post)}
      />
      <JsonLd post={post} />
      <header className="border-b border-line bg-surface">
        <div className="mx-auto max-w-3xl px-4 pb-10 pt-8 sm:px-6 sm:pt-12">
          <Link
            to="/blog"
            className="inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-primary-700 hover:text-primary-900"
          >
            <Icon shapes={ArrowLeft} aria-hidden="true" className="size-4" /> Back to Blog
          </Link>
          {/* A post in no category shows no badge: a visitor is told nothing rather than a made-up category. */}
          {post.categoryName && (
            <div className="mt-8">
              <Badge tone="accent">{post.categoryName}</Badge>
            </div>
          )}
          <h1 className={cn(post.categoryName ? 'mt-4' : 'mt-8', 'text-4xl font-semibold leading-tight sm:text-5xl')}>{post.title}</h1>
          {post.excerpt && <p className="mt-5 text-xl leading-relaxed text-muted">{post.excerpt}</p>}
          <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm text-muted">
            <span className="flex items-center gap-3">
              <SquareImage src={COACH_AVATAR} alt="" size={40} className="size-10 rounded-full" />
              <span className="font-semibold text-ink">{coachName}</span>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon shapes={CalendarDays} aria-hidden="true" className="size-4" />
              <time dateTime={date.toISOString()}>{formatLongDate(date)}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Icon shapes={Clock} aria-hidden="true" className="size-4" />
              {readingTimeMinutes(post.content)} min read
            </span>
          </div>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
        <PostCover src={cover} images={coverImages} />
        <PostBody post={post} />
        {post.tags.length > 0 && (
          <footer className="mt-12 border-t border-line pt-6">
            <h2 className="sr-only">Tags</h2>
            <ul className="flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag.id}>
                  {/* Tags have no slug: the list filters by the name, as this link gives it. */}
                  <Link
                    to={`/blog?${new URLSearchParams({ tag: tag.name })}`}
                    className="inline-flex min-h-8 items-center rounded-full bg-canvas px-3 py-1 text-xs font-semibold text-primary-900 ring-1 ring-line hover:bg-primary-50"
                  >
                    <span className="sr-only">Posts tagged </span>
                    {tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          </footer>
        )}
        {newsletter && <NewsletterPanel />}
      </div>
    </article>
  );
}

/** The body as rendered when the post was saved (server/services/posts/html.ts), not on every view. */
function PostBody({ post }: { post: PostDetail }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the one pipeline (rehype-sanitize last): no script, handler or javascript: URL survives
  return <div className="prose-post mt-10" dangerouslySetInnerHTML={{ __html: post.html }} />;
}

/** schema.org BlogPosting; `<` is escaped so a title holding `</script>` stays inert (ASVS 1.2.3, docs/security.md). */
async function JsonLd({ post }: { post: PostDetail }) {
  const site = siteConfig();
  const settings = await currentSettings();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: postSummary(post.excerpt, post.html),
    datePublished: (post.publishedAt ?? post.createdAt).toISOString(),
    author: { '@type': 'Person', name: settings.coachName },
    publisher: { '@type': 'Organization', name: settings.siteName },
    image: new URL(socialImage(post), site.url).toString(),
    mainEntityOfPage: new URL(`/blog/${post.slug}`, site.url).toString(),
  };
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every < escaped, so a title holding </script> stays inert
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
