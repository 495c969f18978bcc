import type { ReactNode } from 'react';
import { ContentButton } from './sections/content-link.tsx';
import { Container } from './ui/container.tsx';

/** The "nothing here" view: the site's not-found page (the coach's words, site-not-found.tsx) or a page's own wording. */
export function NotFoundView({
  title,
  text,
  backHref,
  backLabel,
  eyebrow = 'Error 404',
}: {
  title: string;
  text: ReactNode;
  backHref: string;
  backLabel: string;
  eyebrow?: string;
}) {
  return (
    <Container className="flex max-w-2xl flex-col items-center py-24 text-center">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      {eyebrow && <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{eyebrow}</p>}
      <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-muted">{text}</p>
      <ContentButton link={backHref} className="mt-8">
        {backLabel}
      </ContentButton>
    </Container>
  );
}
