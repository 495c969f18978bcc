'use client';

import { ChevronLeft, ChevronRight, Search } from 'lucide';
import { useEffect, useRef, useState } from 'react';
import { Link, useRouter } from 'waku';
import { cn } from '#src/lib/cn.ts';
import { buttonClass } from '../ui/button.tsx';
import { Icon } from '../ui/icon.tsx';
import { PostCard, type PostCardData } from './post-card.tsx';

export const NO_SEARCH_RESULTS = 'No articles found matching your search';
export const NO_CATEGORY_POSTS = 'No articles available for this category yet.';

interface BlogResultsProps {
  posts: PostCardData[];
  /** The search the server answered (`?q=`); empty when the list is not a search. */
  initialSearch: string;
  previousHref: string | null;
  nextHref: string | null;
}

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** How long typing pauses before the search goes to the server. */
const SEARCH_DELAY_MS = 300;

/** The current address with `q` set (or removed) and the page dropped: a search starts at its best matches. */
function searchHref(term: string): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('page');
  if (term) url.searchParams.set('q', term);
  else url.searchParams.delete('q');
  return `${url.pathname}${url.search}`;
}

/**
 * The search box, the card grid, its empty states and paging. The search runs on the server over
 * every published post (title, excerpt and body; issue 18): typing asks for `/blog?q=…` and the
 * server answers the best matches with the matched words marked.
 */
export function BlogResults({ posts, initialSearch, previousHref, nextHref }: BlogResultsProps) {
  const router = useRouter();
  const [search, setSearch] = useState(initialSearch);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const term = search.trim();
  const searching = term !== '' || initialSearch.trim() !== '';

  useEffect(() => () => clearTimeout(typing.current), []);

  function searchFor(value: string, delay = SEARCH_DELAY_MS) {
    setSearch(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => void router.replace(searchHref(value.trim()) as '/blog', { scroll: false }), delay);
  }

  return (
    <div>
      <search className="relative block max-w-md">
        <form
          action="/blog"
          onSubmit={(event) => {
            event.preventDefault();
            searchFor(search, 0);
          }}
        >
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <Icon
            shapes={Search}
            aria-hidden="true"
            className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-muted"
          />
          <input
            id="blog-search"
            name="q"
            type="search"
            value={search}
            onChange={(event) => searchFor(event.target.value)}
            placeholder="Search articles"
            className="h-12 w-full rounded-control border border-line bg-surface pl-11 pr-4 text-base shadow-sm placeholder:text-muted focus:border-primary-400"
          />
        </form>
      </search>

      {posts.length > 0 ? (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {posts.map((post, index) => (
            <li key={post.slug}>
              <PostCard post={post} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : searching ? (
        <div className="mt-8 rounded-card border border-line bg-surface px-6 py-14 text-center">
          <p className="text-lg font-medium text-ink">{NO_SEARCH_RESULTS}</p>
          <button type="button" className={buttonClass('outline', 'md', 'mt-5')} onClick={() => searchFor('', 0)}>
            Clear Search
          </button>
        </div>
      ) : (
        <p className="mt-8 rounded-card border border-line bg-surface px-6 py-14 text-center text-lg text-muted">{NO_CATEGORY_POSTS}</p>
      )}

      {/* Shown on every page, one page too (both buttons disabled); hidden only during a search (docs/product.md §4). */}
      {!searching && (
        <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
          <PageLink href={previousHref} label="Previous" direction="previous" />
          <PageLink href={nextHref} label="Next" direction="next" />
        </nav>
      )}
    </div>
  );
}

function PageLink({ href, label, direction }: { href: string | null; label: string; direction: 'previous' | 'next' }) {
  const content =
    direction === 'previous' ? (
      <>
        <Icon shapes={ChevronLeft} aria-hidden="true" className="size-4" /> {label}
      </>
    ) : (
      <>
        {label} <Icon shapes={ChevronRight} aria-hidden="true" className="size-4" />
      </>
    );
  if (!href) {
    return (
      <span aria-disabled="true" className={cn(buttonClass('outline'), 'cursor-not-allowed opacity-50')}>
        {content}
      </span>
    );
  }
  return (
    <Link to={href} scroll={false} onClick={scrollToTop} className={buttonClass('outline')}>
      {content}
    </Link>
  );
}
