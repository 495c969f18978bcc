import { useEffect } from 'react';

export const LEAVE_CONFIRM = 'You have unsaved changes. Leave this page?';

function leavesThePage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return false;
  // A new tab or a download leaves this page (and its edits) where they are.
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return false;
  const to = new URL(anchor.href, window.location.href);
  const here = new URL(window.location.href);
  return !(to.origin === here.origin && to.pathname === here.pathname && to.search === here.search && to.hash !== '');
}

/**
 * While `dirty`, leaving asks first: closing or reloading the tab through `beforeunload`, and any
 * link click (Waku's client-side <Link> included) through a capture-phase listener on the document,
 * which runs before React's own handlers and can stop them.
 */
export function useLeaveGuard(dirty: boolean) {
  useEffect(() => {
    if (!dirty) return;
    let confirmedLeave = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (confirmedLeave) return;
      event.preventDefault();
      // Older browsers still want returnValue set before they ask.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (!leavesThePage(event)) return;
      if (window.confirm(LEAVE_CONFIRM)) {
        // A full-page link then fires beforeunload: the author has already answered.
        confirmedLeave = true;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
