import { cn } from '#src/lib/cn.ts';
import { offeringView, type SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { CONTENT_ICON_SHAPES } from './content-icon.ts';
import { ContentLink } from './content-link.tsx';

const iconBackgrounds = ['bg-primary-800 text-white', 'bg-accent-400 text-primary-950'] as const;

/** The home page's offerings: a live one's title leads where it goes; the rest carry Coming Soon. */
export function OfferingTiles({ section, context }: { section: Section<'offerings'>; context: SectionContext }) {
  const shown = section.items.flatMap((item) => {
    const view = offeringView(item, context);
    return view.shown ? [{ item, href: view.live ? view.link : undefined }] : [];
  });
  return (
    <section aria-labelledby="features-heading" className="py-16 sm:py-20">
      <Container>
        <h2 id="features-heading" className="text-3xl font-semibold">
          {section.title}
        </h2>
        {section.lead && <p className="mt-3 max-w-2xl text-lg text-muted">{section.lead}</p>}
        <div className="mt-10">
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map(({ item, href }, index) => (
              <li
                key={`${index}-${item.title}`}
                className={cn(
                  'relative flex flex-col rounded-card border border-line bg-surface p-6 shadow-sm',
                  href && 'transition-shadow focus-within:shadow-md hover:shadow-md',
                )}
              >
                <div className="flex items-start justify-between gap-3">
                  <span className={cn('flex size-12 items-center justify-center rounded-control', iconBackgrounds[index % 2])}>
                    <Icon shapes={CONTENT_ICON_SHAPES[item.icon]} aria-hidden="true" className="size-6" />
                  </span>
                  {!href && <ComingSoonBadge />}
                </div>
                <h3 className="mt-5 text-xl font-semibold">
                  {href ? (
                    <ContentLink link={href} className="rounded-sm after:absolute after:inset-0 hover:text-primary-700">
                      {item.title}
                    </ContentLink>
                  ) : (
                    item.title
                  )}
                </h3>
                <p className="mt-2 leading-relaxed text-muted">{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}
