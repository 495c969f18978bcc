'use client';

import { type MouseEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { plural } from '#src/lib/plural.ts';
import type { AdminMediaItem } from '#src/schemas/media.ts';
import { fetchMediaPage } from './api.ts';

// The images a picker offers from Media (a page's picture, the logo, the favicon): the newest page
// first, then each older page on "Show more images", until every image is listed.

export interface MediaChoices {
  /** Listed so far, newest first, each once. */
  images: AdminMediaItem[];
  /** How many of Media's images are listed, and how many it holds. */
  listed: number;
  total: number;
  /** Older images are still to be listed. */
  more: boolean;
  loading: boolean;
  failed: boolean;
  /** Lists the next page; answers whether older ones remain after it. */
  loadMore: () => Promise<boolean>;
}

interface Loaded {
  images: AdminMediaItem[];
  page: number;
  pages: number;
  total: number;
}

/** Media's images page by page, newest first; `keep` leaves out those a picker cannot take. */
export function useMediaChoices(keep: (image: AdminMediaItem) => boolean = () => true): MediaChoices {
  const [loaded, setLoaded] = useState<Loaded>({ images: [], page: 0, pages: 1, total: 0 });
  const [state, setState] = useState<'loading' | 'idle' | 'failed'>('loading');
  const next = useRef(1);
  const busy = useRef(false);

  const load = useCallback(async (): Promise<boolean> => {
    if (busy.current) return true;
    busy.current = true;
    setState('loading');
    try {
      const page = await fetchMediaPage(next.current);
      next.current = page.page + 1;
      // An upload since the first page moves the rest along by one: an image seen already is not listed twice.
      setLoaded((before) => {
        const known = new Set(before.images.map((image) => image.id));
        return { ...page, images: [...before.images, ...page.items.filter((image) => !known.has(image.id))] };
      });
      setState('idle');
      return page.page < page.pages;
    } catch {
      setState('failed');
      return true;
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return {
    images: loaded.images.filter(keep),
    listed: loaded.images.length,
    total: loaded.total,
    more: loaded.page > 0 && loaded.page < loaded.pages,
    loading: state === 'loading',
    failed: state === 'failed',
    loadMore: load,
  };
}

/**
 * Under a picker: how many images it lists, and "Show more images" while older ones remain. Once
 * the last are listed the button goes, and the focus it had moves to the picker (`pickerId`).
 */
export function MoreImages({ choices, pickerId }: { choices: MediaChoices; pickerId: string }) {
  const { listed, total, more, loading, failed, loadMore } = choices;
  async function showMore(event: MouseEvent<HTMLButtonElement>) {
    if (loading) return;
    const hadFocus = document.activeElement === event.currentTarget;
    const remaining = await loadMore();
    if (hadFocus && !remaining) document.getElementById(pickerId)?.focus();
  }
  const status = failed
    ? 'The images could not be loaded: try again.'
    : loading && listed === 0
      ? 'Loading images…'
      : more
        ? `The newest ${listed} of ${plural(total, 'image')} are listed.`
        : total > 0
          ? `All ${plural(total, 'image')} are listed.`
          : '';
  const statusId = `${pickerId}-more`;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      {(more || failed) && (
        <Button size="sm" variant="outline" aria-controls={pickerId} aria-describedby={statusId} aria-disabled={loading} onClick={showMore}>
          {loading ? 'Loading images…' : 'Show more images'}
        </Button>
      )}
      <p id={statusId} aria-live="polite" className={failed ? 'text-xs font-medium text-red-700' : 'text-xs text-muted'}>
        {status}
      </p>
    </div>
  );
}
