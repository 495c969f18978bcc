import { listCategories } from '#server/services/categories.ts';
import { listTagNames } from '#server/services/posts/tags.ts';
import { editorAuthor } from '#src/admin/posts/editor-author.ts';
import { PostEditor } from '#src/admin/posts/post-editor.tsx';
import { PageTitle } from '#src/components/page-title.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function NewPostPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  const [categories, tagSuggestions] = await Promise.all([listCategories(), listTagNames()]);
  return (
    <>
      <PageTitle title="New Post" />
      <PostEditor
        key="new"
        post={null}
        categories={categories}
        author={await editorAuthor()}
        initialPreviewHtml={null}
        tagSuggestions={tagSuggestions}
      />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
