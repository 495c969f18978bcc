'use client';

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { nextTabIndex } from '../../lib/tab-keys.ts';

export interface DashboardTab {
  id: string;
  label: string;
  icon?: ReactNode;
  /** Rendered on the server; this component only decides which one shows. */
  panel: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab in the tab order, arrow keys
 * (and Home/End) move between tabs and show their panel.
 */
export function DashboardTabs({ tabs, label }: { tabs: DashboardTab[]; label: string }) {
  const [activeId, setActiveId] = useState(tabs[0]?.id);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const base = useId();
  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  function activate(index: number) {
    const tab = tabs[index];
    if (!tab) return;
    setActiveId(tab.id);
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
      <div role="tablist" aria-label={label} className="flex gap-1 rounded-card border border-line bg-primary-50 p-1 sm:inline-flex">
        {tabs.map((tab, index) => {
          const selected = tab.id === activeId;
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
                'inline-flex h-10 flex-auto items-center justify-center gap-2 whitespace-nowrap rounded-control px-3 text-sm font-semibold transition-colors sm:px-4',
                selected ? 'bg-surface text-primary-950 shadow-sm' : 'text-primary-700 hover:bg-primary-100 hover:text-primary-950',
              )}
            >
              {tab.icon && <span className="hidden sm:inline-flex [&>svg]:size-4">{tab.icon}</span>}
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          tabIndex={0}
          hidden={tab.id !== activeId}
          className="mt-6 rounded-card focus-visible:outline-offset-4"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
