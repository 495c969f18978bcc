'use client';

import { type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '#src/lib/cn.ts';
import { hasFiles, ImageFileInput } from '../image-upload.tsx';
import { EDITOR_AREA, EDITOR_FRAME, FormatToolbar, NOTHING_ON, type ToolCommand } from './format-toolbar.tsx';
import { LinkDialog, type LinkRequest } from './link-dialog.tsx';
import { createMarkdownEditor, type MarkdownEditor } from './markdown-editor.ts';

/**
 * The post's content as it reads (issue 32 §5): the toolbar over a Milkdown editor that reads
 * `value` and hands back the Markdown after each change. A `value` it did not write itself (a
 * restored revision, the other save taken) replaces what it shows. `handle` lets the field put
 * images in where the caret was.
 */
export default function VisualEditor({
  id,
  value,
  onChange,
  attributes,
  onPickImage,
  handle,
}: {
  id: string;
  value: string;
  onChange: (markdown: string) => void;
  /** The editable element's label, description and validity. */
  attributes: Record<string, string>;
  onPickImage: (file: File) => void;
  handle: RefObject<MarkdownEditor | null>;
}) {
  const root = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [ready, setReady] = useState(false);
  const [formatting, setFormatting] = useState(NOTHING_ON);
  const [linkRequest, setLinkRequest] = useState<LinkRequest | null>(null);
  // The Markdown the editor last wrote or was given: anything else in `value` came from outside.
  const shown = useRef(value);
  const latest = useRef({ onChange, attributes });
  latest.current = { onChange, attributes };

  // The editor starts once, on the first value; later values go through `replace`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: started once per mount.
  useEffect(() => {
    let editor: MarkdownEditor | null = null;
    let cancelled = false;
    void createMarkdownEditor({
      root: root.current!,
      markdown: shown.current,
      attributes: { id, class: 'prose-post prose-editor', role: 'textbox', 'aria-multiline': 'true', ...latest.current.attributes },
      onChange: (markdown) => {
        shown.current = markdown;
        latest.current.onChange(markdown);
      },
      onFormatting: setFormatting,
      isFileTransfer: hasFiles,
    }).then((created) => {
      if (cancelled) return created.destroy();
      editor = created;
      handle.current = created;
      setReady(true);
    });
    return () => {
      cancelled = true;
      editor?.destroy();
      handle.current = null;
    };
  }, []);

  useEffect(() => {
    if (!ready || value === shown.current) return;
    shown.current = value;
    handle.current?.replace(value);
  }, [ready, value, handle]);

  // The label, description and validity follow the field (ProseMirror set them once, at start).
  useEffect(() => {
    const editable = document.getElementById(id);
    if (!ready || !editable) return;
    for (const [name, content] of Object.entries(attributes)) editable.setAttribute(name, content);
    for (const name of ['aria-describedby', 'aria-invalid']) if (!(name in attributes)) editable.removeAttribute(name);
  }, [ready, id, attributes]);

  // Back to the writing once the dialog has closed (closing hands focus to what opened it).
  const focusAfterDialog = () => requestAnimationFrame(() => handle.current?.focus());

  function command(name: ToolCommand) {
    const editor = handle.current;
    if (!editor) return;
    if (name === 'image') fileInput.current?.click();
    else if (name === 'link') setLinkRequest({ href: formatting.link, hasSelection: !editor.selectionEmpty() });
    else editor.run(name);
  }

  return (
    <div className={cn(EDITOR_FRAME, 'focus-within:border-primary-400')}>
      <FormatToolbar editorId={id} formatting={formatting} disabled={!ready} onCommand={command} />
      <div ref={root} className={EDITOR_AREA} />
      <ImageFileInput ref={fileInput} onPick={onPickImage} />
      {createPortal(
        <LinkDialog
          request={linkRequest}
          onClose={() => {
            setLinkRequest(null);
            focusAfterDialog();
          }}
          onLink={(href, text) => {
            setLinkRequest(null);
            handle.current?.link(href, text);
            focusAfterDialog();
          }}
        />,
        document.body,
      )}
    </div>
  );
}
