import { type KeyboardEvent, type ReactNode, type Ref, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { nextTabIndex } from '../../lib/tab-keys.ts';

export interface ResultTab<Id extends string> {
  id: Id;
  label: string;
  icon: ReactNode;
  panel: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation, controlled by the parent so another
 * control ('Full Details') can switch tabs too. Arrow keys, Home and End move between tabs.
 */
export function ResultTabs<Id extends string>({
  tabs,
  activeId,
  onChange,
  label,
  idBase,
  panelRef,
  actions,
}: {
  tabs: ResultTab<Id>[];
  activeId: Id;
  onChange: (id: Id) => void;
  label: string;
  idBase: string;
  /** The active panel, for callers that move focus into it. */
  panelRef?: Ref<HTMLDivElement>;
  /** Controls shown beside the tab list (not part of it). */
  actions?: ReactNode;
}) {
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(event.key, index, tabs.length);
    if (next === null) return;
    event.preventDefault();
    onChange(tabs[next]!.id);
    tabRefs.current[next]?.focus();
  }

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label={label}
          className="flex w-full gap-1 rounded-card border border-line bg-primary-50 p-1 sm:inline-flex sm:w-auto"
        >
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
                id={`${idBase}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${idBase}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => onChange(tab.id)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className={cn(
                  'inline-flex h-10 flex-auto items-center justify-center gap-2 whitespace-nowrap rounded-control px-3 text-sm font-semibold transition-colors sm:px-4',
                  selected ? 'bg-surface text-primary-950 shadow-sm' : 'text-primary-700 hover:bg-primary-100 hover:text-primary-950',
                )}
              >
                <span className="inline-flex [&>svg]:size-4">{tab.icon}</span>
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
          ref={tab.id === activeId ? panelRef : undefined}
          role="tabpanel"
          id={`${idBase}-panel-${tab.id}`}
          aria-labelledby={`${idBase}-tab-${tab.id}`}
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
