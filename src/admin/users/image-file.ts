import { useState } from 'react';
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES, SELECT_IMAGE_MESSAGE } from '#src/schemas/profile-image.ts';

const ACCEPTED_TYPES = IMAGE_ACCEPT.split(',');

/** docs/product.md §5: the client's checks before anything is sent (the server sniffs the bytes again). */
export function imageFileError(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return SELECT_IMAGE_MESSAGE;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

// A data: URL, not a blob: one: the Content-Security-Policy allows `img-src 'self' data: https:`.
const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export interface ImageChoice {
  /** A file that passed the checks, ready to upload. */
  file: File | null;
  preview: string | null;
  error: string | null;
}

const NONE: ImageChoice = { file: null, preview: null, error: null };

/** The picked profile picture: checked on choice, previewed once read. */
export function useImageChoice() {
  const [choice, setChoice] = useState<ImageChoice>(NONE);

  async function choose(file: File | null) {
    if (!file) return setChoice(NONE);
    const error = imageFileError(file);
    if (error) return setChoice({ file: null, preview: null, error });
    setChoice({ file, preview: null, error: null });
    try {
      const preview = await readAsDataUrl(file);
      setChoice((current) => (current.file === file ? { ...current, preview } : current));
    } catch {
      // No preview; the upload itself can still go ahead.
    }
  }

  return { ...choice, choose };
}
