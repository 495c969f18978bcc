'use client';

import { Trash2 } from 'lucide';
import { Link } from 'waku';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { SquareImage } from '#src/components/ui/square-image.tsx';
import { plural } from '#src/lib/plural.ts';
import type { AdminMediaItem, MediaPage } from '#src/schemas/media.ts';
import { DeleteDialog, type DeleteTexts, useDeleteState } from '../kit/delete-dialog.tsx';
import { EmptyState } from '../kit/empty-state.tsx';
import { ListPanel } from '../kit/list-panel.tsx';
import { Pager } from '../kit/pager.tsx';
import { DateTime } from '../kit/time-zone.tsx';
import { useServerData } from '../kit/use-server-data.ts';
import { deleteMedia, fetchMediaPage } from './api.ts';

const DELETE_TEXTS: DeleteTexts<AdminMediaItem> = {
  title: 'Delete Image',
  question: (image) =>
    `Are you sure you want to delete the image "${image.decorative ? 'decorative image' : image.alt}"? This cannot be undone.`,
  success: { title: 'Image deleted' },
  failureTitle: 'Failed to delete the image',
};

const kilobytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** /admin/media: the images uploaded for posts, newest first, where each is used, and Delete for unused ones. */
export function MediaAdmin({ initial }: { initial: MediaPage }) {
  const { data, setData, refetching, refetch } = useServerData(initial, () => fetchMediaPage(initial.page), {
    title: 'Failed to load images',
  });
  const deletion = useDeleteState<AdminMediaItem>();

  async function showPage(page: number) {
    try {
      setData(await fetchMediaPage(page));
    } catch {
      // The pager stays where it was; the next refetch says why.
      await refetch();
    }
  }

  return (
    <>
      <ListPanel name="media" title="Uploaded Images" count={plural(data.total, 'image')} refreshing={refetching}>
        {data.items.length === 0 ? (
          <EmptyState className="m-4 sm:m-6" message="No images yet. Drop, paste or pick one in the post editor to upload it." />
        ) : (
          <ul aria-label="Uploaded images" className="divide-y divide-line">
            {data.items.map((image) => (
              <MediaRow key={image.id} image={image} onDelete={() => deletion.ask(image)} />
            ))}
          </ul>
        )}
        <Pager label="Image pages" page={data.page} pages={data.pages} onPage={(page) => void showPage(page)} />
      </ListPanel>

      <DeleteDialog
        state={deletion}
        texts={DELETE_TEXTS}
        remove={(image) => deleteMedia(image.id)}
        onDeleted={() => void showPage(data.items.length === 1 && data.page > 1 ? data.page - 1 : data.page)}
      />
    </>
  );
}

function MediaRow({ image, onDelete }: { image: AdminMediaItem; onDelete: () => void }) {
  const used = image.usedIn.length > 0;
  const label = image.decorative ? 'Decorative image' : image.alt;
  return (
    <li className="flex flex-col gap-4 px-4 py-4 sm:flex-row sm:items-center sm:px-6" aria-label={label}>
      <a href={image.url} target="_blank" rel="noopener noreferrer" className="shrink-0 self-start rounded-control">
        <SquareImage
          src={image.thumbnailUrl}
          alt=""
          size={96}
          loading="lazy"
          className="size-24 rounded-control border border-line bg-canvas object-cover"
        />
        <span className="sr-only">Open the original (opens in a new tab)</span>
      </a>
      <div className="min-w-0 flex-1">
        <p className={image.decorative ? 'font-semibold italic text-muted' : 'font-semibold'}>{label}</p>
        <p className="mt-1 text-sm text-muted">
          {image.width}×{image.height} · {kilobytes(image.byteSize)} · {image.contentType.replace('image/', '').toUpperCase()} · uploaded{' '}
          <DateTime at={image.createdAt} style="date" />
        </p>
        <div className="mt-1 text-sm">
          {used ? (
            <>
              <span className="text-muted">Used in </span>
              <ul className="inline">
                {image.usedIn.map((use, index) => (
                  <li key={use.postId} className="inline">
                    {index > 0 && ', '}
                    <Link to={`/admin/posts/${use.postId}`} className="font-semibold text-primary-700 hover:text-primary-900">
                      {use.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <span className="text-muted">Not used in any post</span>
          )}
        </div>
      </div>
      <div className="shrink-0">
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          disabled={used}
          title={used ? 'Take it out of every post that uses it first' : undefined}
          aria-describedby={used ? `media-${image.id}-in-use` : undefined}
          className="text-red-700 hover:border-red-200 hover:bg-red-50"
        >
          <Icon shapes={Trash2} aria-hidden="true" className="size-4" /> Delete
        </Button>
        {used && (
          <span id={`media-${image.id}-in-use`} className="sr-only">
            In use: take it out of every post that uses it first
          </span>
        )}
      </div>
    </li>
  );
}
