import { offeringView, type SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { NewsletterSignup } from '../newsletter/newsletter-signup.tsx';
import { ComingSoonBadge } from '../ui/badge.tsx';
import { Icon } from '../ui/icon.tsx';
import { CONTENT_ICON_SHAPES } from './content-icon.ts';
import { ContentButton } from './content-link.tsx';

/** The Services page's offerings; the newsletter's card holds the signup itself while it is on. */
export function ServiceCards({ section, context }: { section: Section<'serviceCards'>; context: SectionContext }) {
  return (
    <section aria-labelledby="previews-heading">
      <div className="max-w-2xl">
        <h2 id="previews-heading" className="text-3xl font-semibold">
          {section.title}
        </h2>
        {section.lead && <p className="mt-3 text-lg leading-relaxed text-muted">{section.lead}</p>}
      </div>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2">
        {section.items.map((item, index) => {
          const view = offeringView(item, context);
          if (!view.shown) return null;
          return (
            <li
              key={`${index}-${item.title}`}
              id={item.anchor || undefined}
              className="flex scroll-mt-24 flex-col rounded-card border border-line bg-surface p-6 shadow-sm"
            >
              <div className="flex items-start justify-between gap-3">
                <span className="flex size-11 items-center justify-center rounded-control bg-accent-100 text-accent-800">
                  <Icon shapes={CONTENT_ICON_SHAPES[item.icon]} aria-hidden="true" className="size-5" />
                </span>
                {!view.live && <ComingSoonBadge />}
              </div>
              <h3 className="mt-5 text-xl font-semibold">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-muted">{item.text}</p>
              {view.live &&
                (item.state === 'newsletter' ? (
                  <div className="mt-5">
                    <NewsletterSignup source="services" />
                  </div>
                ) : (
                  <ContentButton link={view.link} variant="outline" className="mt-5 self-start">
                    {view.label}
                  </ContentButton>
                ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
