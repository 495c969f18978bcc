'use client';

import { X } from 'lucide';
import { type KeyboardEvent, useRef, useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { TAG_LENGTH_MESSAGE, TAG_MAX, TAGS_COUNT_MESSAGE, TAGS_MAX } from '#src/schemas/post.ts';
import { controlClass, Field, type FieldFrame, fieldAria } from '../kit/fields.tsx';

interface TagFieldProps extends FieldFrame {
  tags: string[];
  /** Every tag already in use, offered as the input's suggestions. */
  suggestions: string[];
  onChange: (tags: string[]) => void;
}

/**
 * A post's tags: type one and press Enter or comma to add it (a suggestion's spelling wins over a
 * different letter case), each chip has its own remove button. The suggestions are a <datalist>,
 * which browsers make keyboard-accessible themselves. The limits are the post schema's.
 */
export function TagField({ tags, suggestions, onChange, ...frame }: TagFieldProps) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const listId = `${frame.id}-suggestions`;
  const chosen = new Set(tags.map((tag) => tag.toLowerCase()));

  /** Adds every comma-separated name in `text`; returns what could not be added (kept in the box). */
  function add(text: string): string {
    const next = [...tags];
    let rest = '';
    let message: string | null = null;
    for (const raw of text.split(',')) {
      const name = raw.trim();
      if (name === '') continue;
      if (name.length > TAG_MAX) {
        message = TAG_LENGTH_MESSAGE;
        rest = name;
        continue;
      }
      if (next.some((tag) => tag.toLowerCase() === name.toLowerCase())) continue;
      if (next.length >= TAGS_MAX) {
        message = TAGS_COUNT_MESSAGE;
        rest = name;
        continue;
      }
      next.push(suggestions.find((tag) => tag.toLowerCase() === name.toLowerCase()) ?? name);
    }
    setProblem(message);
    if (next.length !== tags.length) {
      onChange(next);
      setAnnouncement(`Added tag ${next.slice(tags.length).join(', ')}`);
    }
    return rest;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      // Enter would submit the post form; a comma is a separator, never part of a tag.
      event.preventDefault();
      setDraft(add(draft));
    }
  }

  function remove(tag: string) {
    onChange(tags.filter((other) => other !== tag));
    setProblem(null);
    setAnnouncement(`Removed tag ${tag}`);
    // The button goes away with its chip: the focus stays in the field.
    input.current?.focus();
  }

  const error = problem ?? frame.error;
  return (
    <Field {...frame} error={error}>
      {tags.length > 0 && (
        <ul aria-label="Chosen tags" className="mt-1.5 flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag} className="inline-flex items-center gap-1 rounded-full bg-primary-100 py-1 pl-3 pr-1 text-sm text-primary-900">
              {tag}
              <button
                type="button"
                aria-label={`Remove tag ${tag}`}
                onClick={() => remove(tag)}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-primary-200"
              >
                <Icon shapes={X} aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={input}
        {...fieldAria({ ...frame, error })}
        type="text"
        list={listId}
        value={draft}
        onChange={(event) => {
          const value = event.target.value;
          // A pasted "a, b, c": everything before the last comma is added at once.
          if (value.includes(',')) {
            const cut = value.lastIndexOf(',');
            const rest = add(value.slice(0, cut));
            setDraft(rest ? `${rest},${value.slice(cut + 1)}` : value.slice(cut + 1));
          } else {
            setDraft(value);
          }
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setDraft(add(draft))}
        autoComplete="off"
        className={`${controlClass(!!error)} mt-1.5 h-11`}
      />
      <datalist id={listId}>
        {suggestions
          .filter((tag) => !chosen.has(tag.toLowerCase()))
          .map((tag) => (
            <option key={tag} value={tag} />
          ))}
      </datalist>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </Field>
  );
}
