import type { SectionContext } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { SquareImage } from '../ui/square-image.tsx';

/** The About page's h1: the coach's name and tagline (Settings), their introduction and portrait. */
export function Profile({ section, context }: { section: Section<'profile'>; context: SectionContext }) {
  return (
    <section aria-labelledby="about-hero-heading" className="bg-gradient-to-b from-primary-950 to-primary-900 text-white">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 md:grid-cols-[minmax(0,1fr)_auto] md:gap-16">
        <div className="order-2 md:order-1">
          {section.eyebrow && <p className="mb-4 text-sm font-semibold uppercase tracking-wider text-accent-300">{section.eyebrow}</p>}
          <h1 id="about-hero-heading" className="text-4xl font-semibold leading-tight text-white sm:text-6xl">
            {context.coachName}
          </h1>
          <p className="mt-4 font-display text-xl leading-snug text-accent-200 sm:text-2xl">{context.coachTagline}</p>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-primary-100">{section.lead}</p>
        </div>
        <div className="order-1 md:order-2">
          <div className="size-32 sm:size-40 md:size-64">
            <SquareImage
              src={section.image.src}
              alt={section.image.alt}
              size={256}
              className="size-full rounded-full bg-primary-800 object-cover shadow-xl ring-2 ring-accent-400/60 ring-offset-4 ring-offset-primary-950"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
