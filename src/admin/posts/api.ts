import { adminApi, call } from '#src/lib/api-client.ts';
import type { PostInput } from '#src/schemas/post.ts';
import type { AutosaveInput } from '#src/schemas/post-revision.ts';
import type { PostListState } from './post-filters.ts';

// docs/product.md §7: the admin posts calls, one typed function each.
const posts = adminApi['blog-posts'];
const byId = (id: number) => ({ param: { id: String(id) } });

/** A page of the list, searched and filtered by the server (issue 18). */
export const fetchAdminPostPage = ({ search, status, page }: PostListState) =>
  call(posts.$get({ query: { status, page: String(page), search: search.trim() || undefined } }));

export const createPost = (input: PostInput) => call(posts.$post({ json: input }));

export const updatePost = (id: number, input: PostInput) => call(posts[':id'].$put({ ...byId(id), json: input }));

export const setPostPublished = (id: number, published: boolean) => call(posts[':id'].publish.$patch({ ...byId(id), json: { published } }));

/** 204. */
export const deletePost = (id: number) => call(posts[':id'].$delete(byId(id)));

/** The body as the public page renders it: the server's sanitising pipeline, leading title heading removed. */
export const previewPost = async (title: string, content: string) => (await call(posts.preview.$post({ json: { title, content } }))).html;

export const fetchPost = (id: number) => call(posts[':id'].$get(byId(id)));

// Issue 19: autosave and revisions.
export const autosavePost = (id: number, input: AutosaveInput) => call(posts[':id'].autosave.$put({ ...byId(id), json: input }));

export const fetchRevisions = async (id: number) => (await call(posts[':id'].revisions.$get(byId(id)))).revisions;

export const fetchRevision = (id: number, revisionId: number) =>
  call(posts[':id'].revisions[':revisionId'].$get({ param: { id: String(id), revisionId: String(revisionId) } }));

export const restoreRevision = (id: number, revisionId: number, version: number) =>
  call(
    posts[':id'].revisions[':revisionId'].restore.$post({ param: { id: String(id), revisionId: String(revisionId) }, json: { version } }),
  );
