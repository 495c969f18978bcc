import type { ReactNode } from 'react';
import { PageTitle } from '../page-title.tsx';

/** The frame of the pages an email links to: a title, one line, and the page's one action. */
export function NewsletterLinkPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6 sm:py-24">
      <PageTitle title={title} />
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-3xl font-semibold sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-muted">{intro}</p>
      <div className="mt-8">{children}</div>
    </section>
  );
}
