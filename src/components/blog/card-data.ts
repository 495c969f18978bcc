import type { PostSummary } from '#server/services/posts/published.ts';
import { formatCardDate } from '#src/lib/format-date.ts';
import { generatedCoverUrl } from '#src/schemas/post.ts';
import type { PostCardData } from './post-card.tsx';

export const FALLBACK_COVER = '/images/fallback-cover.svg';
export const COACH_AVATAR = '/images/coach-avatar.svg';

/** docs/product.md §2 blog card: imageUrl, else customImage, else the shipped fallback cover. */
export const postImage = (post: Pick<PostSummary, 'imageUrl' | 'customImage'>) => post.imageUrl || post.customImage || FALLBACK_COVER;

/** Card fields for a post; `unknownCategory` is 'Category' on the blog list (docs/product.md §2). */
export function toCardData(post: PostSummary, authorName: string, unknownCategory = 'Category'): PostCardData {
  return {
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    image: postImage(post),
    categoryName: post.categoryName ?? unknownCategory,
    date: formatCardDate(post.publishedAt ?? post.createdAt),
    authorName,
    authorImage: COACH_AVATAR,
  };
}

/**
 * A raster image for social previews: the post's own image unless it is an SVG (which social
 * networks do not render), then the PNG rendition of its generated cover.
 */
export const socialImage = (post: Pick<PostSummary, 'slug' | 'imageUrl' | 'customImage'>) => {
  const image = post.imageUrl || post.customImage;
  return image && !/\.svg(\?|$)/i.test(image) ? image : generatedCoverUrl(post.slug, 'png');
};
