import { api } from '../../lib/api-client.ts';
import type { AdminPost, PostInput } from '../../schemas/post.ts';

// docs/product.md §7: the admin posts calls, one typed function each.
const POSTS = '/api/admin/blog-posts';

export const fetchAdminPosts = async () => (await api.get<{ posts: AdminPost[] }>(POSTS)).posts;

export const createPost = (input: PostInput) => api.post<AdminPost>(POSTS, input);

export const updatePost = (id: number, input: PostInput) => api.put<AdminPost>(`${POSTS}/${id}`, input);

export const setPostPublished = (id: number, published: boolean) => api.patch<AdminPost>(`${POSTS}/${id}/publish`, { published });

/** 204. */
export const deletePost = (id: number) => api.delete(`${POSTS}/${id}`);

/** The body as the public page renders it: the server's sanitising pipeline, leading title heading removed. */
export const previewPost = async (title: string, content: string) =>
  (await api.post<{ html: string }>(`${POSTS}/preview`, { title, content })).html;
