'use client';

import type { IconNode } from 'lucide';
import {
  BetweenHorizontalEnd,
  BetweenVerticalEnd,
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  Quote,
  Redo2,
  Table,
  Undo2,
} from 'lucide';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import type { FormatCommand, Formatting } from './markdown-editor.ts';

/** Where a caret in an empty document is: in nothing. */
export const NOTHING_ON: Formatting = {
  strong: false,
  emphasis: false,
  link: null,
  block: 'paragraph',
  bulletList: false,
  orderedList: false,
  quote: false,
  table: false,
};

/** The visual editor's frame and writing area, shared with its placeholder while it loads. */
export const EDITOR_FRAME = 'mt-1.5 overflow-hidden rounded-control border border-line bg-surface shadow-sm';
export const EDITOR_AREA = 'max-h-[70vh] min-h-[27rem] overflow-y-auto px-4 py-3 sm:px-5';

/** What a toolbar button does: a format, or Link and Image, which ask first. */
export type ToolCommand = FormatCommand | 'link' | 'image';

interface Tool {
  label: string;
  icon: IconNode;
  /** The key that does the same in the editor, said with the name. */
  shortcut?: string;
  /** On while the caret is in what it makes (aria-pressed); missing for a button that only acts. */
  pressed?: (formatting: Formatting) => boolean;
  command: ToolCommand;
}

const GROUPS: Tool[][] = [
  [
    { label: 'Heading', icon: Heading2, command: 'heading2', pressed: (f) => f.block === 'heading2' },
    { label: 'Subheading', icon: Heading3, command: 'heading3', pressed: (f) => f.block === 'heading3' },
  ],
  [
    { label: 'Bold', icon: Bold, shortcut: 'Control+B', command: 'strong', pressed: (f) => f.strong },
    { label: 'Italic', icon: Italic, shortcut: 'Control+I', command: 'emphasis', pressed: (f) => f.emphasis },
    { label: 'Link', icon: Link, command: 'link', pressed: (f) => f.link !== null },
  ],
  [
    { label: 'Bulleted list', icon: List, command: 'bulletList', pressed: (f) => f.bulletList },
    { label: 'Numbered list', icon: ListOrdered, command: 'orderedList', pressed: (f) => f.orderedList },
    { label: 'Quote', icon: Quote, command: 'quote', pressed: (f) => f.quote },
  ],
  [
    { label: 'Image', icon: ImagePlus, command: 'image' },
    { label: 'Table', icon: Table, command: 'table' },
  ],
  [
    { label: 'Undo', icon: Undo2, shortcut: 'Control+Z', command: 'undo' },
    { label: 'Redo', icon: Redo2, shortcut: 'Control+Shift+Z', command: 'redo' },
  ],
];

/** Shown while the caret is in a table. */
const TABLE_TOOLS: Tool[] = [
  { label: 'Add row', icon: BetweenHorizontalEnd, command: 'tableRow' },
  { label: 'Add column', icon: BetweenVerticalEnd, command: 'tableColumn' },
];

/**
 * The visual editor's buttons, a WAI-ARIA toolbar: one Tab stop, ← → Home End between buttons.
 * A button that formats says whether the caret is in what it makes (aria-pressed). Pressing one
 * leaves the editor's caret where it was.
 */
export function FormatToolbar({
  editorId,
  formatting,
  disabled,
  onCommand,
}: {
  editorId: string;
  formatting: Formatting;
  disabled: boolean;
  onCommand: (command: ToolCommand) => void;
}) {
  const groups = formatting.table ? [...GROUPS.slice(0, 3), [...GROUPS[3]!, ...TABLE_TOOLS], GROUPS[4]!] : GROUPS;
  const tools = groups.flat();
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const active = Math.min(current, tools.length - 1);

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowRight: active + 1, ArrowLeft: active - 1, Home: 0, End: tools.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + tools.length) % tools.length;
    setCurrent(next);
    buttons.current[next]?.focus();
  }

  let index = -1;
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      onKeyDown={onKeyDown}
      className="flex flex-wrap items-center gap-x-1 gap-y-1 border-b border-line bg-canvas/60 p-1.5"
    >
      {groups.map((group) => (
        <div key={group[0]!.label} className="flex items-center gap-0.5 border-line not-last:border-r not-last:pr-1">
          {group.map((tool) => {
            index += 1;
            const position = index;
            const pressed = tool.pressed?.(formatting);
            return (
              <button
                key={tool.label}
                ref={(element) => {
                  buttons.current[position] = element;
                }}
                type="button"
                tabIndex={position === active ? 0 : -1}
                aria-label={tool.label}
                aria-pressed={pressed}
                aria-keyshortcuts={tool.shortcut}
                title={tool.label}
                disabled={disabled}
                // Keeps the editor's selection: the button acts on it without taking focus from it.
                onMouseDown={(event) => event.preventDefault()}
                onFocus={() => setCurrent(position)}
                onClick={() => onCommand(tool.command)}
                className={cn(
                  'inline-flex size-10 items-center justify-center rounded-control text-ink hover:bg-primary-50 disabled:opacity-50 sm:size-9',
                  pressed && 'bg-primary-100 text-primary-800 hover:bg-primary-100',
                )}
              >
                <Icon shapes={tool.icon} aria-hidden="true" className="size-[18px]" />
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
