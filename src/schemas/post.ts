// The JSON shapes of posts on the public API (spec §3, §7).

export interface PostTag {
  id: number;
  name: string;
}

export interface PublicPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  customImage: string | null;
  categoryId: number | null;
  tags: PostTag[];
  featured: boolean;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
}

export interface PublicPostWithContent extends PublicPost {
  content: string;
}

export interface Pagination {
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}

export interface PostPage {
  posts: PublicPost[];
  pagination: Pagination;
}

/** Spec §9: the blog shows 9 posts a page; the API allows 1..50. */
export const BLOG_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 50;
