import { ArrowRight } from 'lucide';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';

/** The newest post (`post`: the page streams it in behind a skeleton of its size). */
export function LatestPosts({ section, post }: { section: Section<'latestPosts'>; post: ReactNode }) {
  return (
    <section aria-labelledby="latest-heading" className="border-y border-line bg-surface py-16 sm:py-20">
      <Container>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-3xl font-semibold">
            {section.title}
          </h2>
          <Link to="/blog" className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary-700 hover:text-primary-900">
            {section.linkLabel} <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <div className="mt-8">{post}</div>
      </Container>
    </section>
  );
}
