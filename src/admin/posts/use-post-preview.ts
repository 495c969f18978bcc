import { useEffect, useState } from 'react';
import { previewPost } from './api.ts';

export const PREVIEW_DEBOUNCE_MS = 400;

interface Rendered {
  /** The title and content this HTML was rendered from. */
  key: string;
  html: string;
  failed: boolean;
}

const keyOf = (title: string, content: string) => JSON.stringify([title, content]);

export interface InitialPreview {
  title: string;
  content: string;
  html: string;
}

/**
 * The body as the public page will show it, from the server's pipeline (docs/product.md §2 preview),
 * fetched once typing pauses for PREVIEW_DEBOUNCE_MS. `updating` is derived: the last HTML was
 * rendered from other text than the form now holds.
 */
export function usePostPreview(title: string, content: string, initial: InitialPreview | null) {
  const key = keyOf(title, content);
  const [rendered, setRendered] = useState<Rendered | null>(() =>
    initial ? { key: keyOf(initial.title, initial.content), html: initial.html, failed: false } : null,
  );
  const empty = content.trim() === '';
  const current = rendered?.key === key;

  // Synchronises with the server's renderer, an external system; stale answers are dropped.
  useEffect(() => {
    if (empty || current) return;
    let stale = false;
    const timer = setTimeout(() => {
      previewPost(title, content).then(
        (html) => stale || setRendered({ key, html, failed: false }),
        () => stale || setRendered((previous) => ({ key, html: previous?.html ?? '', failed: true })),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [key, empty, current, title, content]);

  return {
    html: empty ? '' : (rendered?.html ?? ''),
    updating: !empty && !current,
    failed: !empty && current && rendered.failed,
  };
}
