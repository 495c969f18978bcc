'use client';

import { ChevronLeft, ChevronRight } from 'lucide';
import { Button } from '#src/components/ui/button.tsx';
import { Icon } from '#src/components/ui/icon.tsx';

/** Previous / "Page n of m" / Next under a list; nothing when everything fits on one page. */
export function Pager({
  label,
  page,
  pages,
  onPage,
}: {
  /** Names the navigation ("Subscriber pages"). */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between border-t border-line px-4 py-3 text-sm sm:px-6">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <Icon shapes={ChevronLeft} aria-hidden="true" className="size-4" /> Previous
      </Button>
      <span className="text-muted">
        Page {page} of {pages}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next <Icon shapes={ChevronRight} aria-hidden="true" className="size-4" />
      </Button>
    </nav>
  );
}
