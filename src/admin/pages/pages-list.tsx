import { ChevronRight } from 'lucide';
import { Link } from 'waku';
import { Icon } from '#src/components/ui/icon.tsx';
import { type AdminPage, isEverywhere, seenAt } from '#src/schemas/site-content/pages.ts';
import { DateTime } from '../kit/time-zone.tsx';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Admin → Pages: each public page, where it lives and when it was last saved. */
export function PagesList({ pages }: { pages: Array<Omit<AdminPage, 'content'>> }) {
  return (
    <ul className="mt-6 divide-y divide-line rounded-card border border-line bg-surface shadow-sm">
      {pages.map((page) => (
        <li key={page.key} className="relative flex items-center gap-4 px-4 py-4 hover:bg-primary-50/60 sm:px-6">
          <div className="min-w-0 flex-1">
            <Link to={`/admin/pages/${page.key}`} className="font-semibold text-primary-950 after:absolute after:inset-0">
              {page.name}
            </Link>
            <p className="mt-0.5 text-sm text-muted">
              {isEverywhere(page.key) ? capitalised(seenAt(page.key)) : page.path} ·{' '}
              {page.updatedAt ? (
                <>
                  saved <DateTime at={page.updatedAt} />
                </>
              ) : (
                'the words of a fresh site'
              )}
            </p>
          </div>
          <Icon shapes={ChevronRight} aria-hidden="true" className="size-5 text-muted" />
        </li>
      ))}
    </ul>
  );
}
