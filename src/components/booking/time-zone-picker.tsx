'use client';

import { Check, ChevronDown, Globe } from 'lucide';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { cn } from '#src/lib/cn.ts';
import { timeZoneName } from '#src/lib/time-zone-name.ts';
import { Icon } from '../ui/icon.tsx';
import { timeZoneChoices } from './slot-times.ts';

interface ZoneOption {
  zone: string;
  /** "Eastern Time — New York". */
  name: string;
  /** "GMT-5" now. */
  offset: string;
  /** What a search is matched against: the name, the IANA name and the offset, lower case, without accents. */
  words: string;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_/]/g, ' ');

function offsetOf(zone: string): string {
  try {
    return (
      new Intl.DateTimeFormat('en-GB', { timeZone: zone, timeZoneName: 'shortOffset' })
        .formatToParts(new Date())
        .find((part) => part.type === 'timeZoneName')?.value ?? ''
    );
  } catch {
    return '';
  }
}

const optionsByLocale = new Map<string, ZoneOption[]>();

/** Every zone the browser knows (and `current`), named, by name: built once per locale, on first opening. */
function zoneOptions(current: string, locale: string): ZoneOption[] {
  let options = optionsByLocale.get(locale);
  if (!options?.some((option) => option.zone === current)) {
    options = timeZoneChoices(current)
      .map((zone) => {
        const [name, offset] = [timeZoneName(zone, locale), offsetOf(zone)];
        return { zone, name, offset, words: fold(`${name} ${zone} ${offset}`) };
      })
      .sort((a, b) => a.name.localeCompare(b.name, 'en'));
    optionsByLocale.set(locale, options);
  }
  return options;
}

/** The options holding every word of `query`, in any order. */
function matching(options: ZoneOption[], query: string): ZoneOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return words.length === 0 ? options : options.filter((option) => words.every((word) => option.words.includes(word)));
}

interface TimeZonePickerProps {
  value: string;
  onChange: (timeZone: string) => void;
  locale: string;
  label: string;
}

/**
 * The visitor's time zone by its friendly name, changed by typing part of a name, city or offset
 * and choosing from the list: the WAI-ARIA APG editable combobox with list autocomplete (focus stays
 * in the field, aria-activedescendant names the option the arrows are on, Enter chooses, Escape
 * closes and restores).
 */
export function TimeZonePicker({ value, onChange, locale, label }: TimeZonePickerProps) {
  const id = useId();
  const [listId, inputId, countId] = [`${id}-list`, `${id}-input`, `${id}-count`];
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  /** What the visitor typed; null while the field shows the chosen zone. */
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const options = useMemo(() => (open ? zoneOptions(value, locale) : []), [open, value, locale]);
  const matches = useMemo(() => matching(options, query ?? ''), [options, query]);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function show(fromQuery: boolean) {
    setOpen(true);
    if (!fromQuery) {
      const all = zoneOptions(value, locale);
      setActive(
        Math.max(
          0,
          matching(all, query ?? '').findIndex((option) => option.zone === value),
        ),
      );
    }
  }
  function close() {
    setOpen(false);
    setQuery(null);
  }
  function choose(option: ZoneOption | undefined) {
    if (option) onChange(option.zone);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = matches.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        if (!open || event.altKey) show(false);
        else setActive(Math.min(active + 1, last));
        break;
      case 'ArrowUp':
        if (event.altKey) close();
        else if (open) setActive(Math.max(active - 1, 0));
        break;
      case 'Enter':
        if (!open) return;
        choose(matches[active]);
        break;
      case 'Escape':
        if (!open && query === null) return;
        close();
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  const shown = open ? matches : [];
  return (
    <div>
      <label htmlFor={inputId} className="flex items-center gap-2 text-sm font-semibold text-ink">
        <Icon shapes={Globe} className="size-4 text-primary-700" />
        {label}
      </label>
      <div className="relative mt-2 sm:max-w-md">
        <input
          ref={input}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={shown[active] ? optionId(active) : undefined}
          aria-describedby={open ? countId : undefined}
          autoComplete="off"
          spellCheck={false}
          value={query ?? timeZoneName(value, locale)}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            show(true);
          }}
          onFocus={(event) => event.currentTarget.select()}
          onClick={() => !open && show(false)}
          onBlur={close}
          onKeyDown={onKeyDown}
          className="w-full rounded-control border border-line bg-surface py-2.5 pr-11 pl-3 text-base text-ink shadow-sm"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label="All time zones"
          aria-controls={listId}
          aria-expanded={open}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            input.current?.focus();
            if (open) close();
            else show(false);
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-primary-800"
        >
          <Icon shapes={ChevronDown} className={cn('size-5 transition-transform', open && 'rotate-180')} />
        </button>
        <p id={countId} aria-live="polite" className="sr-only">
          {open ? (matches.length === 1 ? '1 time zone' : `${matches.length} time zones`) : ''}
        </p>
        {open && matches.length === 0 && (
          <p className="absolute inset-x-0 top-full z-30 mt-1 rounded-control border border-line bg-surface px-3 py-3 text-sm text-muted shadow-lg">
            No time zone matches “{query}”.
          </p>
        )}
        <div
          id={listId}
          role="listbox"
          aria-label="Time zones"
          hidden={shown.length === 0}
          className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-control border border-line bg-surface py-1 shadow-lg"
        >
          {shown.map((option, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: the APG combobox keeps focus in its field and names the option the keys are on with aria-activedescendant
            <div
              key={option.zone}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => index !== active && setActive(index)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-ink',
                index === active && 'bg-primary-50 outline-1 -outline-offset-1 outline-primary-600',
              )}
            >
              <Icon shapes={Check} className={cn('size-4 shrink-0 text-primary-700', option.zone !== value && 'invisible')} />
              <span className="min-w-0 flex-1">{option.name}</span>
              <span className="shrink-0 text-xs text-muted tabular-nums">{option.offset}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
