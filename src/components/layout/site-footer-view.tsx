'use client';

import { faFacebook, faInstagram, faLinkedin, faXTwitter, type IconDefinition } from '@fortawesome/free-brands-svg-icons';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import { cn } from '#src/lib/cn.ts';
import type { SocialNetwork } from '#src/schemas/settings.ts';
import type { FooterColumn } from '#src/schemas/site-content/sections.ts';
import { ContentLink } from '../sections/content-link.tsx';
import { BrandIcon } from '../ui/icon.tsx';
import { BrandMark } from './brand-mark.tsx';

// Each network's own mark, from a brand icon set (Lucide carries none).
const socialIcons: Record<SocialNetwork, { label: string; mark: IconDefinition }> = {
  linkedin: { label: 'LinkedIn', mark: faLinkedin },
  x: { label: 'X', mark: faXTwitter },
  facebook: { label: 'Facebook', mark: faFacebook },
  instagram: { label: 'Instagram', mark: faInstagram },
};

function LinkGroup({ title, links }: FooterColumn) {
  return (
    <div>
      <h2 className="font-sans text-sm font-semibold uppercase tracking-wider text-accent-300">{title}</h2>
      <ul className="mt-4 space-y-2.5">
        {links.map((link, index) => (
          <li key={index}>
            <ContentLink link={link.link} className="rounded-sm text-sm text-primary-100 hover:text-white">
              {link.label}
            </ContentLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

// On wide screens the name and description take two tracks and each column one (at most four columns).
const WIDE_GRID = ['lg:grid-cols-2', 'lg:grid-cols-3', 'lg:grid-cols-4', 'lg:grid-cols-5', 'lg:grid-cols-6'];

export interface SiteFooterProps {
  name: string;
  /** The coach's logo from Media (Settings → Brand); empty: the generated mark. */
  logo: string;
  description: string;
  /** The networks the coach links to; none: no social list at all. */
  social: Array<{ network: SocialNetwork; href: string }>;
  /** The coach's link columns (Quick Links, Services, Legal on a fresh site). */
  columns: FooterColumn[];
  /** The newsletter's signup form, when the coach has turned the newsletter on (its code loads only then). */
  signup?: ReactNode;
  year: number;
}

/**
 * The footer's markup. A client component so that a page's RSC payload carries these few props,
 * not the footer's eighty elements: serialising and parsing them was a third of a post page's
 * render (docs/benchmarks.md, issue 18 §4).
 */
export function SiteFooterView({ name, logo, description, social, columns, signup, year }: SiteFooterProps) {
  return (
    <footer className="bg-primary-950 text-primary-100">
      <div
        className={cn('mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-14 sm:px-6 md:grid-cols-3', WIDE_GRID[columns.length])}
      >
        <div className="col-span-2 md:col-span-3 lg:col-span-2">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-sm">
            <BrandMark logo={logo} />
            <span className="font-display text-lg font-semibold text-white">{name}</span>
          </Link>
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-primary-200">{description}</p>
          {social.length > 0 && (
            <ul className="mt-6 flex gap-3" aria-label="Social media">
              {social.map(({ network, href }) => {
                const { label, mark } = socialIcons[network];
                return (
                  <li key={label}>
                    <a
                      href={href}
                      aria-label={label}
                      className="flex size-10 items-center justify-center rounded-full bg-primary-900 text-primary-100 transition-colors hover:bg-primary-800 hover:text-white"
                    >
                      <BrandIcon mark={mark} aria-hidden="true" className="size-4" />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        {columns.map((column, index) => (
          <LinkGroup key={index} {...column} />
        ))}
      </div>
      {signup && (
        <section aria-labelledby="footer-newsletter-heading" className="border-t border-primary-900">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 lg:grid-cols-[1fr_2fr] lg:items-start">
            <div>
              <h2 id="footer-newsletter-heading" className="font-display text-xl font-semibold text-white">
                Weekly Newsletter
              </h2>
              <p className="mt-2 text-sm leading-relaxed text-primary-200">One short, actionable insight each week.</p>
            </div>
            {signup}
          </div>
        </section>
      )}
      <div className="border-t border-primary-900">
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-primary-200 sm:px-6">
          © {year} {name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
