import { CalendarDays, ChevronDown, Mail } from 'lucide';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'waku';
import { privacyFacts } from '#server/services/privacy.ts';
import { currentSettings } from '#server/services/settings.ts';
import { PLACEHOLDER_CONTACT_EMAIL } from '#src/config/site.ts';
import { formatLongDate } from '#src/lib/format-date.ts';
import { Meta } from '../meta.tsx';
import { Container, PageHeader } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { LEGAL_KINDS, LEGAL_LAST_UPDATED, LEGAL_TITLES, type LegalKind, type LegalSection, legalDocument } from './legal-content.ts';

// Parsed as local midnight so the printed day never shifts with the server's time zone.
const lastUpdated = new Date(`${LEGAL_LAST_UPDATED}T00:00:00`);

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

function TableOfContents({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {sections.map((section, index) => (
        <li key={section.id}>
          <a
            href={`#${section.id}`}
            className="flex gap-2 rounded-control px-2 py-1.5 text-muted transition-colors hover:bg-primary-50 hover:text-primary-800"
          >
            <span className="w-5 shrink-0 tabular-nums text-accent-700">{index + 1}.</span>
            <span>{section.heading}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The one page behind /privacy, /terms and /cookies (docs/product.md §2 "Legal page"). */
export async function LegalPage({ kind }: { kind: LegalKind }) {
  const [settings, facts] = await Promise.all([currentSettings(), privacyFacts()]);
  const email = settings.contactEmail || PLACEHOLDER_CONTACT_EMAIL;
  const doc = legalDocument(kind, { name: settings.siteName, contactEmail: email, facts });

  return (
    <>
      <Meta title={doc.title} description={doc.description} path={doc.path} />
      <PageHeader eyebrow="Legal" title={doc.title} lead={doc.summary} />

      <Container className="py-12 sm:py-16">
        <p className="flex items-center gap-2 text-sm text-muted">
          <Icon shapes={CalendarDays} aria-hidden="true" className="size-4 text-accent-600" />
          <span>
            Last updated{' '}
            <time dateTime={LEGAL_LAST_UPDATED} className="font-semibold text-ink">
              {formatLongDate(lastUpdated)}
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
                <TableOfContents sections={doc.sections} />
              </nav>
            </details>

            <nav aria-label="On this page" className="sticky top-24 hidden lg:block">
              <p className="px-2 text-xs font-semibold uppercase tracking-wider text-accent-700">On this page</p>
              <div className="mt-3">
                <TableOfContents sections={doc.sections} />
              </div>
            </nav>
          </aside>

          <article className="min-w-0 max-w-3xl">
            {doc.sections.map((section, index) => (
              <section
                key={section.id}
                id={section.id}
                aria-labelledby={`${section.id}-heading`}
                className="scroll-mt-24 border-b border-line py-8 first:pt-0 last:border-b-0"
              >
                <h2 id={`${section.id}-heading`} className="flex gap-3 text-2xl font-semibold">
                  <span className="font-sans text-lg leading-8 font-semibold tabular-nums text-accent-700">{index + 1}.</span>
                  <span>{section.heading}</span>
                </h2>
                <div className="mt-4 space-y-4 text-base leading-relaxed text-ink/85">
                  {section.paragraphs?.map((paragraph) => (
                    <p key={paragraph}>{withEmailLinks(paragraph, email)}</p>
                  ))}
                  {section.list && (
                    <ul className="list-disc space-y-2 pl-5 marker:text-accent-500">
                      {section.list.map((item) => (
                        <li key={item} className="pl-1">
                          {withEmailLinks(item, email)}
                        </li>
                      ))}
                    </ul>
                  )}
                  {section.after && <p>{withEmailLinks(section.after, email)}</p>}
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
                  <nav aria-label="Other policies" className="mt-5 border-t border-line pt-4 text-sm">
                    <p className="font-semibold uppercase tracking-wider text-xs text-accent-700">See also</p>
                    <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
                      {LEGAL_KINDS.filter((other) => other !== kind).map((other) => (
                        <li key={other}>
                          <Link to={`/${other}`} className="font-semibold text-primary-700 hover:text-primary-900">
                            {LEGAL_TITLES[other]}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </nav>
                </div>
              </div>
            </section>
          </article>
        </div>
      </Container>
    </>
  );
}
