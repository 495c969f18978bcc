import { paragraphsOf } from '#src/schemas/site-content/context.ts';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { Container } from '../ui/container.tsx';
import { IconRow } from '../ui/icon-tile.tsx';
import { CONTENT_ICON_SHAPES } from './content-icon.ts';
import { SectionHeading } from './section-heading.tsx';

/** More Than a Coach: a few paragraphs beside the roles the coach plays. */
export function Roles({ section }: { section: Section<'roles'> }) {
  return (
    <section aria-labelledby="more-than-a-coach-heading" className="bg-surface py-16 sm:py-24">
      <Container className="grid gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading id="more-than-a-coach-heading" eyebrow={section.eyebrow} title={section.title} />
          <div className="mt-6 space-y-5 text-lg leading-relaxed text-ink/85">
            {paragraphsOf(section.body).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
        <ul className="grid gap-4 self-center">
          {section.items.map(({ title, text, icon }, index) => (
            <IconRow
              key={`${index}-${title}`}
              icon={CONTENT_ICON_SHAPES[icon]}
              tone="dark"
              heading
              title={title}
              description={text}
              className="items-start rounded-card border border-line bg-canvas p-5"
            />
          ))}
        </ul>
      </Container>
    </section>
  );
}
