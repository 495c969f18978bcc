import {
  defaultValueCtx,
  Editor,
  editorViewCtx,
  editorViewOptionsCtx,
  parserCtx,
  remarkStringifyOptionsCtx,
  rootCtx,
  serializerCtx,
} from '@milkdown/kit/core';
import type { Ctx, MilkdownPlugin } from '@milkdown/kit/ctx';
import { history, redoCommand, undoCommand } from '@milkdown/kit/plugin/history';
import {
  commonmark,
  insertImageCommand,
  remarkPreserveEmptyLinePlugin,
  toggleEmphasisCommand,
  toggleStrongCommand,
  wrapInBlockquoteCommand,
  wrapInBulletListCommand,
  wrapInHeadingCommand,
  wrapInOrderedListCommand,
} from '@milkdown/kit/preset/commonmark';
import {
  addColAfterCommand,
  addRowAfterCommand,
  gfm,
  tableCellSchema,
  tableHeaderRowSchema,
  tableHeaderSchema,
  tableRowSchema,
  tableSchema,
} from '@milkdown/kit/preset/gfm';
import type { Mark, MarkType, NodeType, Node as ProseNode } from '@milkdown/kit/prose/model';
import { type EditorState, Plugin, Selection, TextSelection } from '@milkdown/kit/prose/state';
import type { EditorView } from '@milkdown/kit/prose/view';
import { $prose, $remark, callCommand } from '@milkdown/kit/utils';

// The visual editor (issue 32 §5) on Milkdown: ProseMirror over remark, so it reads and writes
// Markdown through remark-parse and remark-gfm, the parser the site renders posts with. What it
// shows is what the blog shows; what it writes is Markdown the blog renders the same.

/** Where the caret is, for the toolbar to say which of its buttons are on. */
export interface Formatting {
  strong: boolean;
  emphasis: boolean;
  link: string | null;
  /** The block the caret is in: a paragraph, a heading (2, 3…) or a code block. */
  block: 'paragraph' | 'code' | `heading${number}`;
  bulletList: boolean;
  orderedList: boolean;
  quote: boolean;
  table: boolean;
}

/** The toolbar's commands: each one acts where the caret or the selection is. */
export type FormatCommand =
  | 'strong'
  | 'emphasis'
  | 'paragraph'
  | 'heading2'
  | 'heading3'
  | 'bulletList'
  | 'orderedList'
  | 'quote'
  | 'table'
  | 'tableRow'
  | 'tableColumn'
  | 'undo'
  | 'redo';

export interface MarkdownEditor {
  run: (command: FormatCommand) => void;
  /** Links the selection (or `text`, put in at the caret when nothing is selected) to `href`; null unlinks. */
  link: (href: string | null, text?: string) => void;
  /** Puts an image in at `at` (a position in the document; the caret when missing). */
  image: (image: { src: string; alt: string }, at?: number) => void;
  /** The document replaced by `markdown`, without telling `onChange` (it came from outside). */
  replace: (markdown: string) => void;
  caret: () => number;
  selectionEmpty: () => boolean;
  focus: () => void;
  destroy: () => void;
}

export interface MarkdownEditorOptions {
  root: HTMLElement;
  markdown: string;
  /** The editable element's attributes: its id, label, description, class. */
  attributes: Record<string, string>;
  /** The document as Markdown, after every change the person makes. */
  onChange: (markdown: string) => void;
  onFormatting: (formatting: Formatting) => void;
  /** Image files dropped or pasted: the editor takes nothing in itself, the caller uploads them. */
  isFileTransfer: (transfer: DataTransfer | null) => boolean;
}

// The Markdown written: `-` bullets, `*` emphasis, `**` strong, `---` rules, fenced code, as
// people type it by hand. None of these change how the site renders a post.
const STRINGIFY_OPTIONS = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  rule: '-',
  fences: true,
  listItemIndent: 'one',
} as const;

const COMMANDS: Record<FormatCommand, (editor: Editor) => void> = {
  strong: (editor) => editor.action(callCommand(toggleStrongCommand.key)),
  emphasis: (editor) => editor.action(callCommand(toggleEmphasisCommand.key)),
  paragraph: (editor) => editor.action(callCommand(wrapInHeadingCommand.key, 0)),
  heading2: (editor) => editor.action(callCommand(wrapInHeadingCommand.key, 2)),
  heading3: (editor) => editor.action(callCommand(wrapInHeadingCommand.key, 3)),
  bulletList: (editor) => editor.action(callCommand(wrapInBulletListCommand.key)),
  orderedList: (editor) => editor.action(callCommand(wrapInOrderedListCommand.key)),
  quote: (editor) => editor.action(callCommand(wrapInBlockquoteCommand.key)),
  table: (editor) => editor.action(insertTable),
  tableRow: (editor) => editor.action(callCommand(addRowAfterCommand.key)),
  tableColumn: (editor) => editor.action(callCommand(addColAfterCommand.key)),
  undo: (editor) => editor.action(callCommand(undoCommand.key)),
  redo: (editor) => editor.action(callCommand(redoCommand.key)),
};

interface MarkdownNode {
  type: string;
  title?: string | null;
  children?: MarkdownNode[];
}

/** An image without a title has an empty one: Milkdown's image takes a string (remark says null), else it drops the image. */
const imageTitles = $remark('imageTitles', () => () => (tree) => {
  const visit = (node: MarkdownNode) => {
    if (node.type === 'image') node.title ??= '';
    node.children?.forEach(visit);
  };
  visit(tree as MarkdownNode);
});

/** A header row and `rows` rows of `columns` empty cells, aligned as the reader's text is (no alignment written). */
function emptyTable(ctx: Ctx, rows: number, columns: number) {
  const cells = (type: NodeType) => Array.from({ length: columns }, () => type.createAndFill({ alignment: null })!);
  return tableSchema
    .type(ctx)
    .create(null, [
      tableHeaderRowSchema.type(ctx).create(null, cells(tableHeaderSchema.type(ctx))),
      ...Array.from({ length: rows }, () => tableRowSchema.type(ctx).create(null, cells(tableCellSchema.type(ctx)))),
    ]);
}

/**
 * A table of a header row and two rows of two columns, after the block the caret is in (or in
 * its place when that is an empty paragraph), with the caret in its first cell.
 */
function insertTable(ctx: Ctx) {
  const view = ctx.get(editorViewCtx);
  const { state } = view;
  const { $from } = state.selection;
  const table = emptyTable(ctx, 2, 2);
  const emptyLine = $from.depth === 1 && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0;
  const at = emptyLine ? $from.before(1) : $from.after(1);
  const tr = emptyLine ? state.tr.replaceWith(at, $from.after(1), table) : state.tr.insert(at, table);
  const inside = Selection.findFrom(tr.doc.resolve(at), 1, true);
  view.dispatch((inside ? tr.setSelection(inside) : tr).scrollIntoView());
}

/** What the caret is in: its marks and the blocks around it. */
function formattingOf(state: EditorState): Formatting {
  const { $from, from, to, empty } = state.selection;
  const marks = state.storedMarks ?? $from.marks();
  const has = (name: string) => {
    const type: MarkType | undefined = state.schema.marks[name];
    if (!type) return false;
    return empty ? type.isInSet(marks) !== undefined : state.doc.rangeHasMark(from, to, type);
  };
  const link = state.schema.marks.link?.isInSet(empty ? marks : (state.doc.nodeAt(from)?.marks ?? []));
  const ancestors = Array.from({ length: $from.depth + 1 }, (_, depth) => $from.node(depth));
  const inside = (name: string) => ancestors.some((node) => node.type.name === name);
  const parent = $from.parent;
  return {
    strong: has('strong'),
    emphasis: has('emphasis'),
    link: link ? String(link.attrs.href) : null,
    block: parent.type.name === 'heading' ? `heading${parent.attrs.level}` : parent.type.name === 'code_block' ? 'code' : 'paragraph',
    bulletList: inside('bullet_list'),
    orderedList: inside('ordered_list'),
    quote: inside('blockquote'),
    table: inside('table'),
  };
}

/** Starts the editor in `root`; resolves once it shows `markdown`. */
export async function createMarkdownEditor(options: MarkdownEditorOptions): Promise<MarkdownEditor> {
  let serialize: (doc: ProseNode) => string = () => '';
  // True while the document is replaced from outside: that is not the person's change.
  let replacing = false;

  const watcher = $prose(
    () =>
      new Plugin({
        view: () => ({
          update: (view, previous) => {
            options.onFormatting(formattingOf(view.state));
            if (!replacing && !view.state.doc.eq(previous.doc)) options.onChange(serialize(view.state.doc));
          },
        }),
        props: {
          // Files are the caller's to upload (with their alt text): the editor lets them pass.
          handleDrop: (_view, event) => options.isFileTransfer((event as DragEvent).dataTransfer),
          handlePaste: (_view, event) => options.isFileTransfer(event.clipboardData),
        },
      }),
  );

  const editor = await Editor.make()
    .config((ctx) => {
      ctx.set(rootCtx, options.root);
      ctx.set(defaultValueCtx, options.markdown);
      ctx.set(remarkStringifyOptionsCtx, { ...ctx.get(remarkStringifyOptionsCtx), ...STRINGIFY_OPTIONS });
      ctx.update(editorViewOptionsCtx, (previous) => ({ ...previous, attributes: options.attributes }));
    })
    // Without the empty-line plugin an empty paragraph writes nothing: no `<br />` in the Markdown.
    .use(commonmark.filter((plugin) => !(remarkPreserveEmptyLinePlugin as MilkdownPlugin[]).includes(plugin)))
    .use(gfm)
    .use(imageTitles)
    .use(history)
    .use(watcher)
    .create();

  const view = (): EditorView => editor.ctx.get(editorViewCtx);
  serialize = editor.ctx.get(serializerCtx);
  options.onFormatting(formattingOf(view().state));

  return {
    run: (command) => {
      COMMANDS[command](editor);
      view().focus();
    },
    link: (href, text) => {
      const { state, dispatch } = view();
      const type = state.schema.marks.link!;
      const { from, to, empty } = state.selection;
      if (href === null) {
        // Unlinks the whole link the caret is in, or the selection.
        const range = empty ? linkRange(state, from) : { from, to };
        if (range) dispatch(state.tr.removeMark(range.from, range.to, type));
      } else if (empty && text) {
        // The words typed next are not part of the link.
        const node = state.schema.text(text, [type.create({ href })]);
        dispatch(state.tr.replaceSelectionWith(node, false).removeStoredMark(type).scrollIntoView());
      } else {
        const range = empty ? linkRange(state, from) : { from, to };
        if (range) dispatch(state.tr.removeMark(range.from, range.to, type).addMark(range.from, range.to, type.create({ href })));
      }
      view().focus();
    },
    image: ({ src, alt }, at) => {
      if (at !== undefined) {
        const { state, dispatch } = view();
        const position = Math.max(0, Math.min(at, state.doc.content.size));
        dispatch(state.tr.setSelection(TextSelection.near(state.doc.resolve(position))));
      }
      editor.action(callCommand(insertImageCommand.key, { src, alt }));
      view().focus();
    },
    replace: (markdown) => {
      const { state, dispatch } = view();
      const doc = editor.ctx.get(parserCtx)(markdown);
      replacing = true;
      try {
        dispatch(state.tr.replaceWith(0, state.doc.content.size, doc.content));
      } finally {
        replacing = false;
      }
    },
    caret: () => view().state.selection.to,
    selectionEmpty: () => view().state.selection.empty,
    focus: () => view().focus(),
    destroy: () => void editor.destroy(),
  };
}

/** The extent of the link around `position` (its neighbours carrying the same link), if there is one. */
function linkRange(state: EditorState, position: number): { from: number; to: number } | null {
  const type = state.schema.marks.link!;
  const $position = state.doc.resolve(position);
  const runs: Array<{ from: number; to: number; mark: Mark }> = [];
  $position.parent.forEach((child, offset) => {
    const mark = type.isInSet(child.marks);
    const last = runs.at(-1);
    if (mark && last && last.to === offset && last.mark.eq(mark)) last.to = offset + child.nodeSize;
    else if (mark) runs.push({ from: offset, to: offset + child.nodeSize, mark });
  });
  const run = runs.find(({ from, to }) => from <= $position.parentOffset && $position.parentOffset <= to);
  return run ? { from: $position.start() + run.from, to: $position.start() + run.to } : null;
}
