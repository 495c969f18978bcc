import type { Section } from '#src/schemas/site-content/sections.ts';
import { ContentButton } from './content-link.tsx';

/** A closing question with the coach's buttons (the first one primary). */
export function Questions({ section }: { section: Section<'questions'> }) {
  return (
    <section
      aria-labelledby="services-questions-heading"
      className="flex flex-col gap-6 border-t border-line pt-10 md:flex-row md:items-center md:justify-between"
    >
      <div>
        <h2 id="services-questions-heading" className="text-2xl font-semibold">
          {section.title}
        </h2>
        <p className="mt-2 leading-relaxed text-muted">{section.text}</p>
      </div>
      {section.buttons.length > 0 && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {section.buttons.map((button, index) => (
            <ContentButton key={`${index}-${button.link}`} link={button.link} variant={index === 0 ? 'primary' : 'ghost'}>
              {button.label}
            </ContentButton>
          ))}
        </div>
      )}
    </section>
  );
}
