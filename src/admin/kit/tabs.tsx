'use client';

import type { IconNode } from 'lucide';
import { type KeyboardEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { nextTabIndex } from '#src/lib/tab-keys.ts';

export interface Tab<Id extends string = string> {
  id: Id;
  label: string;
  /** A Lucide icon's shapes, shown beside the label from the sm breakpoint. */
  icon?: IconNode;
  /** May be rendered on the server; the tabs only decide which panel shows. */
  panel: ReactNode;
}

interface TabsProps<Id extends string> {
  tabs: Tab<Id>[];
  /** The tab list's accessible name. */
  label: string;
  /** Controlled: the parent holds the active tab (another control may switch it too). */
  activeId?: Id;
  onChange?: (id: Id) => void;
  /** The active panel, for callers that move focus into it. */
  panelRef?: Ref<HTMLDivElement>;
  /** Controls shown beside the tab list (not part of it). */
  actions?: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab in the tab order, arrow keys
 * (wrapping) and Home/End move between tabs and show their panel.
 */
export function Tabs<Id extends string>({ tabs, label, activeId, onChange, panelRef, actions }: TabsProps<Id>) {
  const [ownActiveId, setOwnActiveId] = useState(tabs[0]?.id);
  const active = activeId ?? ownActiveId;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const base = useId();
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  function activate(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    setOwnActiveId(tab.id);
    onChange?.(tab.id);
    tabRefs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    activate(next);
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={label}
          className="flex w-full flex-wrap gap-1 rounded-card border border-line bg-primary-50 p-1 sm:inline-flex sm:w-auto"
        >
          {tabs.map((tab, index) => {
            const selected = tab.id === active;
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  tabRefs.current[index] = element;
                }}
                type="button"
                role="tab"
                id={tabId(tab.id)}
                aria-selected={selected}
                aria-controls={panelId(tab.id)}
                tabIndex={selected ? 0 : -1}
                onClick={() => activate(index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={cn(
                  'inline-flex h-10 flex-auto items-center justify-center gap-2 whitespace-nowrap rounded-control px-2 text-sm font-semibold transition-colors sm:px-4',
                  selected ? 'bg-surface text-primary-950 shadow-sm' : 'text-primary-700 hover:bg-primary-100 hover:text-primary-950',
                )}
              >
                {tab.icon && <Icon shapes={tab.icon} className="hidden size-4 sm:inline-flex" />}
                {tab.label}
              </button>
            );
          })}
        </div>
        {actions}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          ref={tab.id === active ? panelRef : undefined}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          tabIndex={0}
          hidden={tab.id !== active}
          className="mt-6 rounded-card focus-visible:outline-offset-4"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
