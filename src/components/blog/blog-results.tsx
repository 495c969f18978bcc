'use client';

import { ChevronLeft, ChevronRight, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'waku';
import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../ui/button.tsx';
import { PostCard, type PostCardData } from './post-card.tsx';

export const NO_SEARCH_RESULTS = 'No articles found matching your search';
export const NO_CATEGORY_POSTS = 'No articles available for this category yet.';

interface BlogResultsProps {
  posts: PostCardData[];
  initialSearch: string;
  previousHref: string | null;
  nextHref: string | null;
}

const scrollToTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });

/** The title search over the loaded page, the card grid, its empty states and paging. */
export function BlogResults({ posts, initialSearch, previousHref, nextHref }: BlogResultsProps) {
  const [search, setSearch] = useState(initialSearch);
  const term = search.trim().toLowerCase();
  const visible = term ? posts.filter((post) => post.title.toLowerCase().includes(term)) : posts;

  // Keep the search in the address bar so the filtered view can be shared, without a server round trip.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (term) url.searchParams.set('q', search);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
  }, [search, term]);

  return (
    <div>
      <div className="relative max-w-md">
        <label htmlFor="blog-search" className="sr-only">
          Search articles
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-5 -translate-y-1/2 text-muted" />
        <input
          id="blog-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search articles"
          className="h-12 w-full rounded-control border border-line bg-surface pl-11 pr-4 text-base shadow-sm placeholder:text-muted focus:border-primary-400"
        />
      </div>

      {visible.length > 0 ? (
        <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {visible.map((post, index) => (
            <li key={post.slug}>
              <PostCard post={post} eager={index < 3} />
            </li>
          ))}
        </ul>
      ) : term ? (
        <div className="mt-8 rounded-card border border-line bg-surface px-6 py-14 text-center">
          <p className="text-lg font-medium text-ink">{NO_SEARCH_RESULTS}</p>
          <button type="button" className={buttonClass('outline', 'md', 'mt-5')} onClick={() => setSearch('')}>
            Clear Search
          </button>
        </div>
      ) : (
        <p className="mt-8 rounded-card border border-line bg-surface px-6 py-14 text-center text-lg text-muted">{NO_CATEGORY_POSTS}</p>
      )}

      {/* Shown on every page, one page too (both buttons disabled); hidden only during a search. */}
      {!term && (
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
        <ChevronLeft aria-hidden="true" className="size-4" /> {label}
      </>
    ) : (
      <>
        {label} <ChevronRight aria-hidden="true" className="size-4" />
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
