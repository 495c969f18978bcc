import { listCategories } from '../../../../../server/services/categories.ts';
import { editorAuthor } from '../../../../admin/posts/editor-author.ts';
import { PostEditor } from '../../../../admin/posts/post-editor.tsx';
import { siteConfig } from '../../../../config/site.ts';
import { currentAdmin } from '../../../../lib/admin-session.ts';

export default async function NewPostPage() {
  const admin = await currentAdmin();
  if (!admin) return null;
  const categories = await listCategories();
  return (
    <>
      <title>{`New Post | ${siteConfig().name}`}</title>
      <PostEditor key="new" post={null} categories={categories} author={editorAuthor()} initialPreviewHtml={null} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
