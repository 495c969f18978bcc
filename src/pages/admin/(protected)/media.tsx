import { listMedia } from '#server/services/media.ts';
import { MediaAdmin } from '#src/admin/media/media-admin.tsx';
import { ScreenHeading } from '#src/admin/shared/screen-heading.tsx';
import { currentAdmin } from '#src/lib/admin-session.ts';

export default async function MediaPage() {
  if (!(await currentAdmin())) return null;
  const firstPage = await listMedia();
  return (
    <>
      <ScreenHeading
        title="Media"
        intro="Images uploaded for posts, newest first, with the posts that show them. An image no post uses can be deleted."
      />
      <MediaAdmin initial={firstPage} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
