'use client';

import type { IconNode } from 'lucide';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type ButtonVariant, buttonClass } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';

// A button that opens a short list of actions: the WAI-ARIA menu button pattern
// (https://www.w3.org/WAI/ARIA/apg/patterns/menu-button/). Enter, Space or ↓ open it on the first
// item, ↑ on the last; ↑ ↓ Home End move; Enter or Space choose; Escape closes it back to the
// button; Tab, a click elsewhere or focus leaving close it. The items exist only while it is open.

export interface MenuAction {
  label: string;
  /** A line under the label saying what the action does (read with it: the item's name is all its visible text). */
  description?: ReactNode;
  icon?: IconNode;
  /** Red: an action that removes something. */
  danger?: boolean;
  onSelect: () => void;
}

export interface MenuButtonProps {
  /** What the button shows; an icon-only button is named by `label`. */
  children: ReactNode;
  /** The button's accessible name when its content has none of its own (an icon alone). */
  label?: string;
  /** The button's id, for focus to come back to it from elsewhere. */
  buttonId?: string;
  items: MenuAction[];
  variant?: ButtonVariant;
  /** Leave it enabled while its action runs (say so in its text instead): a disabled button drops the keyboard's focus. */
  disabled?: boolean;
  /** The side of the button the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
  buttonClassName?: string;
}

export function MenuButton({
  children,
  label,
  buttonId,
  items,
  variant = 'outline',
  disabled,
  align = 'end',
  className,
  buttonClassName,
}: MenuButtonProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const wrapper = useRef<HTMLDivElement>(null);

  // While open, a press or focus anywhere outside the button and its menu closes it.
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  /** Opens the menu with the item at `index` focused, once it is rendered. */
  function openAt(index: number) {
    setOpen(true);
    requestAnimationFrame(() => focusItem(index));
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  }

  function onMenuKey(event: KeyboardEvent) {
    const current = itemRefs.current.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: items.length - 1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  }

  function choose(action: MenuAction) {
    close(true);
    action.onSelect();
  }

  return (
    <div ref={wrapper} className={cn('relative', className)}>
      <button
        ref={button}
        type="button"
        id={buttonId ?? `${id}-button`}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
        className={buttonClass(variant, 'md', buttonClassName)}
      >
        {children}
      </button>
      {open && (
        <div
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={buttonId ?? `${id}-button`}
          onKeyDown={onMenuKey}
          className={cn(
            'absolute top-full z-30 mt-1.5 w-72 max-w-[calc(100vw-2rem)] rounded-card border border-line bg-surface p-1.5 shadow-lg',
            align === 'end' ? 'right-0' : 'left-0',
          )}
        >
          {items.map((action, index) => (
            <button
              key={action.label}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => choose(action)}
              className={cn(
                'flex w-full items-start gap-3 rounded-control px-3 py-2.5 text-left focus-visible:-outline-offset-2',
                action.danger ? 'text-red-700 hover:bg-red-50 focus:bg-red-50' : 'text-ink hover:bg-primary-50 focus:bg-primary-50',
              )}
            >
              {action.icon && <Icon shapes={action.icon} aria-hidden="true" className="mt-0.5 size-4 shrink-0" />}
              <span className="min-w-0">
                <span className="block text-sm font-semibold">{action.label}</span>
                {action.description && <span className="mt-0.5 block text-xs text-muted">{action.description}</span>}
              </span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
