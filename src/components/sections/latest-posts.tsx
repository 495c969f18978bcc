import { ArrowRight } from 'lucide';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Icon } from '../ui/icon.tsx';
import { HeadedSection } from './headed-section.tsx';

/** The newest post (`post`: the page streams it in behind a skeleton of its size). */
export function LatestPosts({ section, post }: { section: Section<'latestPosts'>; post: ReactNode }) {
  return (
    <HeadedSection
      id="latest-heading"
      title={section.title}
      row="items-end justify-between gap-4"
      className="border-y border-line bg-surface"
      beside={
        <Link to="/blog" className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary-700 hover:text-primary-900">
          {section.linkLabel} <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
        </Link>
      }
    >
      {post}
    </HeadedSection>
  );
}
