import { listCategories } from '#server/services/categories.ts';
import { getAdminPost, previewPost } from '#server/services/posts/admin-post.ts';
import { pendingAutosave } from '#server/services/posts/revisions.ts';
import { listTagNames } from '#server/services/posts/tags.ts';
import { editorAuthor } from '#src/admin/posts/editor-author.ts';
import { PostEditor } from '#src/admin/posts/post-editor.tsx';
import { PostNotFound } from '#src/admin/posts/post-not-found.tsx';
import { PageTitle } from '#src/components/page-title.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';
import { setPageStatus } from '#src/lib/page-status.ts';
import type { AdminPost } from '#src/schemas/post.ts';

export default async function EditPostPage({ id }: { id: string }) {
  const admin = await currentAdmin();
  if (!admin) return null;
  const post = await findPost(id);
  if (!post) {
    setPageStatus(404);
    return <PostNotFound />;
  }
  const [categories, preview, tagSuggestions, pending] = await Promise.all([
    listCategories(),
    previewPost({ title: post.title, content: post.content }),
    listTagNames(),
    pendingAutosave(post.id),
  ]);
  return (
    <>
      <PageTitle title={`Edit: ${post.title}`} />
      <PostEditor
        key={post.id}
        post={post}
        categories={categories}
        author={await editorAuthor()}
        initialPreviewHtml={preview.html}
        tagSuggestions={tagSuggestions}
        pendingAutosave={pending}
      />
    </>
  );
}

/** The post for a URL segment; a malformed id (the API's own rule: 1..2^31-1) or an unknown one is null. */
async function findPost(id: string): Promise<AdminPost | null> {
  if (!/^[1-9]\d{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
  try {
    return await getAdminPost(Number(id));
  } catch (error) {
    // The service's 404 (an HttpError; src/ may not import server/errors.ts, so it is read by shape).
    if (error instanceof Error && 'status' in error && error.status === 404) return null;
    throw error;
  }
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
