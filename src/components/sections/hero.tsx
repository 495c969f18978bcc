import { ArrowRight } from 'lucide';
import type { SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { CallButton, ContentButton } from './content-link.tsx';

/** The home page's h1, its lead and buttons; the call's button comes first while booking is on. */
export function Hero({ section, context }: { section: Section<'hero'>; context: SectionContext }) {
  const call = context.bookingOpen;
  return (
    <section className="bg-gradient-to-b from-primary-950 to-primary-900 text-white">
      <Container className="py-20 sm:py-28">
        {section.eyebrow && <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-accent-300">{section.eyebrow}</p>}
        <h1 className="max-w-3xl text-4xl font-semibold leading-tight text-white sm:text-6xl">{section.title}</h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-primary-100">{section.lead}</p>
        {(call || section.buttons.length > 0) && (
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            {call && <CallButton label={context.callLabel} />}
            {section.buttons.map((button, index) => (
              <ContentButton
                key={`${index}-${button.link}`}
                link={button.link}
                variant={index === 0 && !call ? 'accent' : 'inverse'}
                size="lg"
              >
                {button.label}
                {index === 0 && !call && <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />}
              </ContentButton>
            ))}
          </div>
        )}
      </Container>
    </section>
  );
}
