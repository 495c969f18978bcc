'use client';

import { Menu, X } from 'lucide';
import { useEffect, useState } from 'react';
import { Link, useRouter } from 'waku';
import { cn } from '#src/lib/cn.ts';
import { isCurrentPath } from '#src/lib/current-path.ts';
import type { NavLink } from '#src/schemas/site-content/sections.ts';
import { ContentLink } from '../sections/content-link.tsx';
import { Icon } from '../ui/icon.tsx';

const linkClass = (current: boolean) =>
  cn(
    'rounded-control px-3 py-2 text-sm font-medium transition-colors',
    current ? 'bg-primary-50 text-primary-800' : 'text-muted hover:bg-primary-50 hover:text-primary-800',
  );

// No display utility here: each use adds its own, so `hidden md:inline-flex` is not overridden.
const contactClass =
  'items-center justify-center rounded-control bg-primary-800 px-4 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-primary-700';
const callClass =
  'items-center justify-center whitespace-nowrap rounded-control bg-accent-400 px-4 py-2 text-sm font-semibold text-primary-950 shadow-sm transition-colors hover:bg-accent-300';

/**
 * Desktop nav, the Contact button (`action`, the coach's) and, below md, the menu toggle with its
 * panel (docs/product.md §2). While booking is on (`callLabel`), the call's button leads: beside
 * the nav on desktop, first in the phone menu, and Contact becomes a plain link.
 */
export function HeaderNav({ links: items, action, callLabel }: { links: NavLink[]; action?: NavLink; callLabel?: string }) {
  const { path } = useRouter();
  const [open, setOpen] = useState(false);

  // Any navigation (a link, back/forward) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger, not a value the effect reads
  useEffect(() => setOpen(false), [path]);

  const links = (onChoose?: () => void) =>
    items.map((item, index) => {
      const current = isCurrentPath(item.link, path);
      return (
        <li key={index}>
          <ContentLink
            link={item.link}
            aria-current={current ? 'page' : undefined}
            className={cn(linkClass(current), 'block')}
            onClick={onChoose}
          >
            {item.label}
          </ContentLink>
        </li>
      );
    });

  return (
    <>
      <nav aria-label="Main" className="hidden md:block">
        <ul className="flex items-center gap-1">{links()}</ul>
      </nav>
      <div className="flex items-center gap-2">
        {callLabel ? (
          <>
            {action && (
              <ContentLink link={action.link} className={cn(linkClass(isCurrentPath(action.link, path)), 'hidden lg:inline-flex')}>
                {action.label}
              </ContentLink>
            )}
            <Link to="/book" className={cn(callClass, 'hidden md:inline-flex')}>
              {callLabel}
            </Link>
          </>
        ) : (
          action && (
            <ContentLink link={action.link} className={cn(contactClass, 'hidden md:inline-flex')}>
              {action.label}
            </ContentLink>
          )
        )}
        <button
          type="button"
          className="inline-flex size-10 items-center justify-center rounded-control text-primary-900 hover:bg-primary-50 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <Icon shapes={X} aria-hidden="true" className="size-5" /> : <Icon shapes={Menu} aria-hidden="true" className="size-5" />}
        </button>
      </div>
      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!open}
        className="absolute inset-x-0 top-16 border-b border-line bg-surface px-4 pb-4 pt-2 shadow-lg md:hidden"
      >
        {callLabel && (
          <Link to="/book" className={cn(callClass, 'mb-3 flex w-full')} onClick={() => setOpen(false)}>
            {callLabel}
          </Link>
        )}
        <ul className="flex flex-col gap-1">{links(() => setOpen(false))}</ul>
        {action && (
          <ContentLink link={action.link} className={cn(contactClass, 'mt-3 flex w-full')} onClick={() => setOpen(false)}>
            {action.label}
          </ContentLink>
        )}
      </nav>
    </>
  );
}
