import { CalendarDays, ChevronDown, Mail } from 'lucide';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'waku';
import { formatLongDate } from '#src/lib/format-date.ts';
import { paragraphsOf } from '#src/schemas/site-content/context.ts';
import { type LegalData, type LegalPart, partsOf } from '#src/schemas/site-content/legal-parts.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';

const emailLinkClass = 'font-medium text-primary-700 underline decoration-primary-300 underline-offset-2 hover:text-primary-900';

/** Turns each mention of the contact address into a mailto link. */
function withEmailLinks(text: string, email: string): ReactNode {
  const parts = text.split(email);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <a href={`mailto:${email}`} className={emailLinkClass}>
          {email}
        </a>
      )}
    </Fragment>
  ));
}

function TableOfContents({ parts }: { parts: LegalPart[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {parts.map((part, index) => (
        <li key={part.id}>
          <a
            href={`#${part.id}`}
            className="flex gap-2 rounded-control px-2 py-1.5 text-muted transition-colors hover:bg-primary-50 hover:text-primary-800"
          >
            <span className="w-5 shrink-0 tabular-nums text-accent-700">{index + 1}.</span>
            <span>{part.heading}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/** A legal page's text (docs/product.md §2 "Legal page"): its date, contents, parts and where to ask. */
export function LegalText({ section, legal }: { section: Section<'legalText'>; legal: LegalData }) {
  const parts = section.ownText ? partsOf(section.articles) : legal.written;
  const email = legal.contactEmail;
  // Parsed as local midnight so the printed day never shifts with the server's time zone.
  const updated = new Date(`${legal.updatedOn}T00:00:00`);

  return (
    <Container className="py-12 sm:py-16">
      <p className="flex items-center gap-2 text-sm text-muted">
        <Icon shapes={CalendarDays} aria-hidden="true" className="size-4 text-accent-600" />
        <span>
          Last updated{' '}
          <time dateTime={legal.updatedOn} className="font-semibold text-ink">
            {formatLongDate(updated)}
          </time>
        </span>
      </p>

      <div className="mt-6 grid gap-8 lg:mt-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16">
        <aside>
          <details className="group rounded-card border border-line bg-surface lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 text-sm font-semibold text-primary-900 [&::-webkit-details-marker]:hidden">
              On this page
              <Icon shapes={ChevronDown} aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
            </summary>
            <nav aria-label="On this page" className="border-t border-line p-2">
              <TableOfContents parts={parts} />
            </nav>
          </details>

          <nav aria-label="On this page" className="sticky top-24 hidden lg:block">
            <p className="px-2 text-xs font-semibold uppercase tracking-wider text-accent-700">On this page</p>
            <div className="mt-3">
              <TableOfContents parts={parts} />
            </div>
          </nav>
        </aside>

        <article className="min-w-0 max-w-3xl">
          {parts.map((part, index) => (
            <section
              key={part.id}
              id={part.id}
              aria-labelledby={`${part.id}-heading`}
              className="scroll-mt-24 border-b border-line py-8 first:pt-0 last:border-b-0"
            >
              <h2 id={`${part.id}-heading`} className="flex gap-3 text-2xl font-semibold">
                <span className="font-sans text-lg leading-8 font-semibold tabular-nums text-accent-700">{index + 1}.</span>
                <span>{part.heading}</span>
              </h2>
              <div className="mt-4 space-y-4 text-base leading-relaxed text-ink/85">
                {part.paragraphs?.map((paragraph, key) => (
                  <p key={key}>{withEmailLinks(paragraph, email)}</p>
                ))}
                {part.list && (
                  <ul className="list-disc space-y-2 pl-5 marker:text-accent-500">
                    {part.list.map((item, key) => (
                      <li key={key} className="pl-1">
                        {withEmailLinks(item, email)}
                      </li>
                    ))}
                  </ul>
                )}
                {part.after && paragraphsOf(part.after).map((paragraph, key) => <p key={key}>{withEmailLinks(paragraph, email)}</p>)}
              </div>
            </section>
          ))}

          <section
            aria-labelledby="legal-questions-heading"
            className="mt-4 rounded-card border border-line bg-surface p-6 shadow-sm sm:p-8"
          >
            <div className="flex items-start gap-4">
              <span className="hidden size-11 shrink-0 items-center justify-center rounded-control bg-primary-50 text-primary-700 sm:flex">
                <Icon shapes={Mail} aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <h2 id="legal-questions-heading" className="text-xl font-semibold">
                  Questions about this policy?
                </h2>
                <p className="mt-2 leading-relaxed text-muted">
                  Write to <span className="break-all">{withEmailLinks(email, email)}</span> or use the{' '}
                  <Link to="/contact" className={emailLinkClass}>
                    contact form
                  </Link>
                  . We read every message personally.
                </p>
                {legal.seeAlso.length > 0 && (
                  <nav aria-label="Other policies" className="mt-5 border-t border-line pt-4 text-sm">
                    <p className="font-semibold uppercase tracking-wider text-xs text-accent-700">See also</p>
                    <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
                      {legal.seeAlso.map((other) => (
                        <li key={other.link}>
                          <Link to={other.link} className="font-semibold text-primary-700 hover:text-primary-900">
                            {other.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                )}
              </div>
            </div>
          </section>
        </article>
      </div>
    </Container>
  );
}
