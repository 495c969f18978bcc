import type { ReactNode } from 'react';
import { ButtonLink } from './ui/button.tsx';
import { Container } from './ui/container.tsx';

export const NOT_FOUND_TITLE = '404 Page Not Found';
export const NOT_FOUND_TEXT = 'Did you forget to add the page to the router?';

/** The "nothing here" view: the site's 404 by default, or a page's own wording. */
export function NotFoundView({
  title = NOT_FOUND_TITLE,
  text = NOT_FOUND_TEXT,
  backHref = '/',
  backLabel = 'Back to home',
  eyebrow = 'Error 404',
}: {
  title?: string;
  text?: ReactNode;
  backHref?: string;
  backLabel?: string;
  eyebrow?: string;
}) {
  return (
    <Container className="flex max-w-2xl flex-col items-center py-24 text-center">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">{eyebrow}</p>
      <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{title}</h1>
      <p className="mt-4 text-lg text-muted">{text}</p>
      <ButtonLink to={backHref} className="mt-8">
        {backLabel}
      </ButtonLink>
    </Container>
  );
}
