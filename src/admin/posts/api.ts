import { api } from '../../lib/api-client.ts';
import type { AdminPostPage } from '../../schemas/admin-post-list.ts';
import type { AdminPost, PostInput } from '../../schemas/post.ts';
import type { AutosaveInput, AutosaveResult, PostRevision, RevisionSummary } from '../../schemas/post-revision.ts';
import type { PostListState } from './post-filters.ts';

// docs/product.md §7: the admin posts calls, one typed function each.
const POSTS = '/api/admin/blog-posts';

/** A page of the list, searched and filtered by the server (issue 18). */
export function fetchAdminPostPage({ search, status, page }: PostListState) {
  const params = new URLSearchParams({ status, page: String(page) });
  if (search.trim()) params.set('search', search.trim());
  return api.get<AdminPostPage>(`${POSTS}?${params}`);
}

export const createPost = (input: PostInput) => api.post<AdminPost>(POSTS, input);

export const updatePost = (id: number, input: PostInput) => api.put<AdminPost>(`${POSTS}/${id}`, input);

export const setPostPublished = (id: number, published: boolean) => api.patch<AdminPost>(`${POSTS}/${id}/publish`, { published });

/** 204. */
export const deletePost = (id: number) => api.delete(`${POSTS}/${id}`);

/** The body as the public page renders it: the server's sanitising pipeline, leading title heading removed. */
export const previewPost = async (title: string, content: string) =>
  (await api.post<{ html: string }>(`${POSTS}/preview`, { title, content })).html;

export const fetchPost = (id: number) => api.get<AdminPost>(`${POSTS}/${id}`);

// Issue 19: autosave and revisions.
export const autosavePost = (id: number, input: AutosaveInput) => api.put<AutosaveResult>(`${POSTS}/${id}/autosave`, input);

export const fetchRevisions = async (id: number) => (await api.get<{ revisions: RevisionSummary[] }>(`${POSTS}/${id}/revisions`)).revisions;

export const fetchRevision = (id: number, revisionId: number) => api.get<PostRevision>(`${POSTS}/${id}/revisions/${revisionId}`);

export const restoreRevision = (id: number, revisionId: number, version: number) =>
  api.post<AdminPost>(`${POSTS}/${id}/revisions/${revisionId}/restore`, { version });
