'use client';

import { ChevronLeft, ChevronRight } from 'lucide';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { cn } from '#src/lib/cn.ts';
import { Icon } from '../ui/icon.tsx';
import { isGridKey, monthOf, monthTitle, monthWeeks, moveInGrid, shiftMonth, weekdayColumns } from './month-grid.ts';
import { calendarDayLabel, type SlotDay } from './slot-times.ts';

interface DayCalendarProps {
  /** The days with free times, in order (at least one). */
  days: SlotDay[];
  selected: string;
  onSelect: (day: string) => void;
  /** Today in the visitor's zone, marked as the current date. */
  today: string;
  /** 1 (Monday) to 7 (Sunday). */
  firstDay: number;
}

const monthButton =
  'inline-flex size-11 items-center justify-center rounded-control text-primary-900 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 aria-disabled:cursor-not-allowed aria-disabled:text-primary-300 aria-disabled:hover:bg-transparent';

/**
 * A month of days with the free ones marked, as the WAI-ARIA APG date-picker grid: one free day in
 * the tab order (the chosen one), arrows, Home/End and PageUp/PageDown move among the free days,
 * Enter or Space chooses; days without free times are said but never take focus.
 */
export function DayCalendar({ days, selected, onSelect, today, firstDay }: DayCalendarProps) {
  const caption = useId();
  const grid = useRef<HTMLTableElement>(null);
  const free = new Map(days.map((group) => [group.day, group]));
  const order = days.map((group) => group.day);
  const [firstMonth, lastMonth] = [monthOf(order[0]!), monthOf(order.at(-1)!)];

  const [month, setMonth] = useState(monthOf(selected));
  const [active, setActive] = useState<string | null>(null);
  // A new choice (another zone regroups the days) shows its month.
  const [shownChoice, setShownChoice] = useState(selected);
  if (shownChoice !== selected) {
    setShownChoice(selected);
    setMonth(monthOf(selected));
  }
  const shown = [firstMonth, month, lastMonth].sort()[1]!;
  const inShown = (day: string | null): day is string => day !== null && free.has(day) && monthOf(day) === shown;
  const tabbable = [active, selected, order.find((day) => monthOf(day) === shown) ?? null].find(inShown) ?? null;

  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    if (focusNext.current === null) return;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focusNext.current}"]`)?.focus();
    focusNext.current = null;
  });

  function onKeyDown(event: KeyboardEvent, day: string) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(day);
      return;
    }
    if (!isGridKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = moveInGrid(day, event.key, { free: order, firstDay, shift: event.shiftKey });
    if (next === null) return;
    focusNext.current = next;
    setActive(next);
    setMonth(monthOf(next));
  }

  const step = (delta: number) => {
    const target = shiftMonth(shown, delta);
    if (target < firstMonth || target > lastMonth) return;
    setActive(null);
    setMonth(target);
  };

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          aria-label="Previous month"
          aria-disabled={shown <= firstMonth}
          onClick={() => step(-1)}
          className={monthButton}
        >
          <Icon shapes={ChevronLeft} className="size-5" />
        </button>
        <h3 id={caption} aria-live="polite" className="text-base font-semibold text-ink">
          {monthTitle(shown)}
        </h3>
        <button type="button" aria-label="Next month" aria-disabled={shown >= lastMonth} onClick={() => step(1)} className={monthButton}>
          <Icon shapes={ChevronRight} className="size-5" />
        </button>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG date-picker grid is a table made a grid, so its days are cells under their weekdays */}
      <table ref={grid} role="grid" aria-labelledby={caption} className="mt-2 w-full table-fixed border-collapse text-center">
        <thead>
          <tr>
            {weekdayColumns(firstDay).map((column) => (
              <th key={column.long} scope="col" className="pb-2 text-xs font-semibold text-muted">
                <span aria-hidden="true">{column.short}</span>
                <span className="sr-only">{column.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(shown, firstDay).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, index) => {
                if (day === null) return <td key={`blank-${index}`} />;
                const group = free.get(day);
                const count = group?.slots.length ?? 0;
                const isSelected = day === selected;
                return (
                  // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of a grid is a gridcell, which is selected or not (the APG date picker)
                  <td
                    key={day}
                    data-day={day}
                    aria-label={`${calendarDayLabel(day)}, ${count === 0 ? 'no free times' : count === 1 ? '1 free time' : `${count} free times`}`}
                    aria-selected={group ? isSelected : undefined}
                    aria-disabled={group ? undefined : true}
                    aria-current={day === today ? 'date' : undefined}
                    tabIndex={group ? (day === tabbable ? 0 : -1) : undefined}
                    onClick={group ? () => onSelect(day) : undefined}
                    onKeyDown={group ? (event) => onKeyDown(event, day) : undefined}
                    onFocus={group ? () => setActive(day) : undefined}
                    className={cn('group p-0.5 outline-none', group ? 'cursor-pointer' : 'cursor-default')}
                  >
                    <span
                      className={cn(
                        'relative mx-auto flex size-10 flex-col items-center justify-center rounded-full text-sm tabular-nums group-focus-visible:outline-2 group-focus-visible:outline-offset-1 group-focus-visible:outline-primary-600',
                        !group && 'text-muted',
                        group && !isSelected && 'bg-primary-50 font-semibold text-primary-900 hover:bg-primary-100',
                        isSelected && 'bg-primary-800 font-semibold text-white',
                        day === today && !isSelected && 'ring-1 ring-primary-400',
                      )}
                    >
                      {Number(day.slice(8))}
                      {group && (
                        <span
                          aria-hidden="true"
                          className={cn('absolute bottom-1 size-1 rounded-full', isSelected ? 'bg-white' : 'bg-primary-600')}
                        />
                      )}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
