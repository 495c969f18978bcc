'use client';

import { ImagePlus, Upload } from 'lucide';
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { adminApi, call } from '#src/lib/api-client.ts';
import { cn } from '#src/lib/cn.ts';
import {
  ALT_MAX,
  ALT_REQUIRED_MESSAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  MAX_IMAGE_BYTES,
  type MediaItem,
  SELECT_IMAGE_MESSAGE,
} from '#src/schemas/media.ts';
import { IMAGE_ACCEPT } from '#src/schemas/profile-image.ts';
import { Dialog, DialogActions } from '../kit/dialog.tsx';
import { FormAlert, SwitchField, TextField } from '../kit/fields.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';

// Images in posts (issue 19): dropped, pasted or picked in the editor, uploaded with their alt text
// (or marked decorative), then inserted as Markdown where the cursor was, or set as the cover.

const ACCEPTED_TYPES = IMAGE_ACCEPT.split(',');
export const POST_IMAGE_HINT = 'JPG, PNG or GIF, less than 5MB. Drop or paste an image into the content, or pick one.';
const UPLOAD_FAILED_TITLE = 'Image upload failed';

/** POST /api/admin/media (multipart): the stored image, its metadata stripped and its resized copies made. */
export function uploadPostImage(file: File, alt: string, decorative: boolean) {
  const form = new FormData();
  form.append('file', file);
  form.append('alt', decorative ? '' : alt);
  form.append('decorative', String(decorative));
  return call(adminApi.media.$post({}, { init: { body: form } }));
}

/** The client's check before anything is sent (the server sniffs the bytes again). */
function fileError(file: File): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return SELECT_IMAGE_MESSAGE;
  if (file.size >= MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return null;
}

/** `content` with `snippet` put in as its own paragraph at `at` (a blank line on each side). */
export function insertSnippet(content: string, at: number, snippet: string): string {
  const position = Math.max(0, Math.min(at, content.length));
  const before = content.slice(0, position);
  const after = content.slice(position);
  const lead = before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const tail = after === '' ? '\n' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  return `${before}${lead}${snippet}${tail}${after}`;
}

const firstImage = (files: FileList | null | undefined) => (files && files.length > 0 ? files[0]! : null);

/** A data: URL for the preview (the admin's CSP allows `img-src 'self' data: https:`, not blob:). */
function usePreview(file: File | null) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    setPreview(null);
    if (!file || fileError(file)) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(String(reader.result));
    reader.readAsDataURL(file);
    return () => reader.abort();
  }, [file]);
  return preview;
}

/**
 * "Add Image": the file, a preview, the alt text or "decorative", then upload. Closed while `file`
 * is null. It is opened from inside the post form, so it lives at the end of <body> (a form may
 * not hold another form) and its submit goes no further than itself.
 */
export function ImageUploadDialog(props: {
  file: File | null;
  purpose: 'content' | 'cover';
  onClose: () => void;
  onUploaded: (image: MediaItem) => void;
}) {
  // Nothing on the server render, and nothing until a file is chosen.
  if (props.file === null || typeof document === 'undefined') return null;
  return createPortal(<UploadDialog {...props} />, document.body);
}

function UploadDialog({
  file,
  purpose,
  onClose,
  onUploaded,
}: {
  file: File | null;
  purpose: 'content' | 'cover';
  onClose: () => void;
  onUploaded: (image: MediaItem) => void;
}) {
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => open || onClose()}
      title={purpose === 'cover' ? 'Upload Cover Image' : 'Add Image'}
      description="Say what the image shows for readers who cannot see it, or mark it as decorative."
    >
      {file && <ImageForm file={file} purpose={purpose} onCancel={onClose} onUploaded={onUploaded} />}
    </Dialog>
  );
}

function ImageForm({
  file,
  purpose,
  onCancel,
  onUploaded,
}: {
  file: File;
  purpose: 'content' | 'cover';
  onCancel: () => void;
  onUploaded: (image: MediaItem) => void;
}) {
  const id = useId();
  // The editor never inserts an image without a description, unless it is marked decorative.
  const form = useForm(
    { alt: '', decorative: false },
    ({ alt, decorative }) => (!decorative && alt.trim() === '' ? { alt: ALT_REQUIRED_MESSAGE } : {}),
    id,
  );
  const { alt, decorative } = form.values;
  const { busy, failure, run } = useAction();
  const preview = usePreview(file);
  const badFile = fileError(file);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // React passes events up its own tree, through the portal, to the post form around the editor.
    event.stopPropagation();
    if (!form.check() || badFile) return;
    const image = await run(() => uploadPostImage(file, alt.trim(), decorative), {
      success: { title: purpose === 'cover' ? 'Cover image uploaded' : 'Image added' },
      failureTitle: UPLOAD_FAILED_TITLE,
    });
    if (image !== FAILED) onUploaded(image);
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={busy}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <div className="flex aspect-square w-32 shrink-0 items-center justify-center self-center overflow-hidden rounded-control border border-line bg-canvas sm:self-start">
          {preview ? (
            <img src={preview} alt="" className="size-full object-contain" />
          ) : (
            <Icon shapes={ImagePlus} aria-hidden="true" className="size-8 text-muted" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-4">
          <p className="break-all text-sm text-muted">{file.name}</p>
          <TextField
            {...form.field('alt')}
            label="Alt text"
            required={!decorative}
            value={decorative ? '' : alt}
            disabled={decorative || busy}
            maxLength={ALT_MAX}
            hint="What the image shows, in a sentence."
            autoComplete="off"
          />
          <SwitchField
            id={`${id}-decorative`}
            label="Decorative image"
            hint="Only decoration: screen readers skip it, so it needs no alt text."
            checked={decorative}
            onChange={(checked) => form.set('decorative', checked)}
            disabled={busy}
          />
        </div>
      </div>
      <FormAlert message={badFile ?? failure} className="mt-4" />
      <DialogActions>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy || badFile !== null}>
          <Icon shapes={Upload} aria-hidden="true" className="size-4" />
          {busy ? 'Uploading...' : purpose === 'cover' ? 'Upload Cover' : 'Upload and Insert'}
        </Button>
      </DialogActions>
    </form>
  );
}

/** A hidden file input for one image, opened by a button of its own (`ref.current.click()`). */
export function ImageFileInput({ ref, onPick }: { ref: RefObject<HTMLInputElement | null>; onPick: (file: File) => void }) {
  return (
    <input
      ref={ref}
      type="file"
      accept={IMAGE_ACCEPT}
      className="hidden"
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => {
        const file = firstImage(event.target.files);
        event.target.value = '';
        if (file) onPick(file);
      }}
    />
  );
}

/** A hidden file input and the button that opens it. */
function PickImageButton({ label, onPick }: { label: string; onPick: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
        <Icon shapes={ImagePlus} aria-hidden="true" className="size-4" /> {label}
      </Button>
      <ImageFileInput ref={input} onPick={onPick} />
    </>
  );
}

/**
 * Wraps the content field: an image dropped on it or pasted into it (or picked with "Insert image"
 * or the field's own button, through `pick`) is uploaded through the dialog, then `onInsert` gets it
 * and `cursor()` as it was when the image came.
 */
export function ContentImageDrop({
  cursor,
  onInsert,
  pickButton,
  children,
}: {
  cursor: () => number;
  /** Whether "Insert image" shows under the field (the visual editor has its own in its toolbar). */
  pickButton: boolean;
  onInsert: (image: MediaItem, at: number) => void;
  children: (pick: (file: File) => void) => ReactNode;
}) {
  const [pending, setPending] = useState<{ file: File; at: number } | null>(null);
  const [over, setOver] = useState(false);
  const pick = (file: File) => setPending({ file, at: cursor() });

  function drop(event: DragEvent) {
    setOver(false);
    const file = firstImage(event.dataTransfer.files);
    if (!file) return;
    event.preventDefault();
    pick(file);
  }

  function paste(event: ClipboardEvent) {
    const file = firstImage(event.clipboardData.files);
    if (!file) return;
    event.preventDefault();
    pick(file);
  }

  return (
    // A fieldset: the content field and its image controls are one group, which takes dropped and pasted files.
    <fieldset
      onDragOver={(event) => {
        if (!hasFiles(event.dataTransfer)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      onPaste={paste}
      className={cn('min-w-0 rounded-control', over && 'outline-2 outline-offset-4 outline-dashed outline-primary-400')}
    >
      <legend className="sr-only">Content and its images</legend>
      {children(pick)}
      <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        {pickButton && <PickImageButton label="Insert image" onPick={pick} />}
        <span className="text-xs text-muted">{POST_IMAGE_HINT}</span>
      </div>
      <ImageUploadDialog
        file={pending?.file ?? null}
        purpose="content"
        onClose={() => setPending(null)}
        onUploaded={(image) => {
          if (pending) onInsert(image, pending.at);
          setPending(null);
        }}
      />
    </fieldset>
  );
}

/** Whether a drag or a paste carries files. */
export const hasFiles = (transfer: DataTransfer | null) => transfer !== null && [...transfer.types].includes('Files');

/** "Upload cover image": the same upload, whose address becomes the post's custom image. */
export function CoverImageUpload({ onUploaded }: { onUploaded: (url: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <div className="sm:col-span-2">
      <PickImageButton label="Upload cover image" onPick={setFile} />
      <ImageUploadDialog
        file={file}
        purpose="cover"
        onClose={() => setFile(null)}
        onUploaded={(image) => {
          onUploaded(image.url);
          setFile(null);
        }}
      />
    </div>
  );
}
