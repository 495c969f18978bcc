'use client';

import { Menu, X } from 'lucide';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { Link, useRouter } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { cn } from '#src/lib/cn.ts';
import { type AdminNavGroup, isCurrentScreen } from './admin-menu.ts';

/** Tailwind's `lg`: the sidebar's width and up; below it the menu is a drawer. */
const SIDEBAR_QUERY = '(min-width: 64rem)';

/**
 * The groups and their links, marking the current screen; `onChoose` runs when a link is chosen.
 * A group is named by a heading, not by labelling its list: a list named "Content" or "Site" would
 * share its name with the form fields of that name on the screens beside it.
 */
function NavGroups({
  groups,
  path,
  heading: Heading,
  roomy = false,
  onChoose,
}: {
  groups: AdminNavGroup[];
  path: string;
  /** The groups' heading level: under the page's h1 in the sidebar, under the drawer's title in the drawer. */
  heading: 'h2' | 'h3';
  /** Taller links, for fingers (the drawer). */
  roomy?: boolean;
  onChoose?: () => void;
}) {
  return groups.map((group, index) => (
    <div key={group.label ?? 'top'} className={cn(index > 0 && 'mt-5')}>
      {group.label && (
        <Heading className="px-3 pb-1.5 font-sans text-xs font-semibold uppercase tracking-wider text-primary-300">{group.label}</Heading>
      )}
      <ul className="space-y-0.5">
        {group.items.map((item) => {
          const current = isCurrentScreen(item.href, path);
          return (
            <li key={item.href}>
              <Link
                to={item.href}
                aria-current={current ? 'page' : undefined}
                onClick={onChoose}
                className={cn(
                  'flex items-center gap-3 rounded-control px-3 text-sm font-medium transition-colors',
                  roomy ? 'py-2.5' : 'py-1.5',
                  current ? 'bg-primary-800 text-white' : 'text-primary-100 hover:bg-primary-800/60 hover:text-white',
                )}
              >
                <Icon
                  shapes={item.icon}
                  aria-hidden="true"
                  className={cn('size-4 shrink-0', current ? 'text-accent-300' : 'text-primary-300')}
                />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  ));
}

/** Scrolls `box` (not the page) just enough to show its current link. */
function revealCurrent(box: HTMLElement | null) {
  const link = box?.querySelector('[aria-current="page"]');
  // A hidden sidebar (on a phone) has nothing to scroll.
  if (!box || !link || box.getClientRects().length === 0) return;
  const outer = box.getBoundingClientRect();
  const inner = link.getBoundingClientRect();
  const margin = 12;
  if (inner.top < outer.top) box.scrollTop -= outer.top - inner.top + margin;
  else if (inner.bottom > outer.bottom) box.scrollTop += inner.bottom - outer.bottom + margin;
}

/** The menu as a sidebar, from `lg` up: the current screen's link is always in view and marked. */
export function AdminSidebarNav({ groups }: { groups: AdminNavGroup[] }) {
  const { path } = useRouter();
  const ref = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger: each screen marks its own link
  useLayoutEffect(() => revealCurrent(ref.current), [path]);
  return (
    <nav
      ref={ref}
      aria-label="Admin"
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pb-6 pt-1 [scrollbar-color:var(--color-primary-700)_transparent] [scrollbar-width:thin]"
    >
      <NavGroups groups={groups} path={path} heading="h2" />
    </nav>
  );
}

/**
 * The menu on phones and tablets: a button opening a modal drawer on the native <dialog> and
 * showModal(), so the page behind is inert and focus moves in (to Close, the drawer's first
 * control). Escape, Close, the backdrop, choosing a link, any navigation and widening the window to
 * the sidebar's width close it; focus then returns to the button.
 */
export function AdminMenuDrawer({ groups, siteName }: { groups: AdminNavGroup[]; siteName: string }) {
  const { path } = useRouter();
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const shown = useRef(false);
  const list = useRef<HTMLElement>(null);
  const titleId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: path is the trigger (back/forward), not a value the effect reads
  useEffect(() => setOpen(false), [path]);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (!open) {
      if (element.open) element.close();
      if (shown.current) button.current?.focus();
      shown.current = false;
      return;
    }
    if (!element.open) element.showModal();
    shown.current = true;
    revealCurrent(list.current);
    // The page behind stays where it is while the drawer is open.
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    const wide = window.matchMedia(SIDEBAR_QUERY);
    const onWide = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onWide);
    return () => {
      root.style.overflow = overflow;
      wide.removeEventListener('change', onWide);
    };
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="admin-menu"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 shrink-0 items-center gap-2 rounded-control px-2.5 text-sm font-semibold text-white hover:bg-primary-800 lg:hidden"
      >
        <Icon shapes={Menu} aria-hidden="true" className="size-5" />
        Menu
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the click is the backdrop's; from the keyboard, Escape (onCancel) closes */}
      <dialog
        ref={dialog}
        id="admin-menu"
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog itself; the panel fills the rest.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className={cn(
          'm-0 h-dvh max-h-none w-72 max-w-[calc(100vw-3rem)] border-0 bg-primary-950 p-0 text-white shadow-2xl',
          'backdrop:bg-primary-950/60',
        )}
      >
        {open && (
          <div className="flex h-full flex-col">
            <div className="flex h-14 shrink-0 items-center justify-between gap-3 border-b border-primary-800 pl-5 pr-2">
              <h2 id={titleId} className="truncate font-display text-base font-semibold text-white">
                {siteName} <span className="sr-only">admin menu</span>
              </h2>
              <button
                type="button"
                aria-label="Close menu"
                onClick={() => setOpen(false)}
                className="flex size-10 shrink-0 items-center justify-center rounded-control text-primary-100 hover:bg-primary-800 hover:text-white"
              >
                <Icon shapes={X} aria-hidden="true" className="size-5" />
              </button>
            </div>
            <nav ref={list} aria-label="Admin" className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pb-6 pt-3">
              <NavGroups groups={groups} path={path} heading="h3" roomy onChoose={() => setOpen(false)} />
            </nav>
          </div>
        )}
      </dialog>
    </>
  );
}
