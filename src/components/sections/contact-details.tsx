import { Clock, type IconNode, ListChecks, ShieldCheck, Tags } from 'lucide';
import type { ReactNode } from 'react';
import type { Section } from '#src/schemas/site-content/sections.ts';
import { ContactForm } from '../contact/contact-form.tsx';
import { Badge } from '../ui/badge.tsx';
import { Container } from '../ui/container.tsx';
import { Icon } from '../ui/icon.tsx';
import { ToastProvider } from '../ui/toast-provider.tsx';

function SideCard({ icon, title, children }: { icon: IconNode; title: string; children: ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-surface p-6 shadow-sm">
      <h2 className="flex items-center gap-3 font-sans text-base font-semibold text-primary-950">
        <span className="flex size-9 items-center justify-center rounded-control bg-primary-50 text-primary-800">
          <Icon shapes={icon} aria-hidden="true" className="size-5" />
        </span>
        {title}
      </h2>
      <div className="mt-3 text-sm leading-relaxed text-muted">{children}</div>
    </section>
  );
}

/** The contact form beside what the coach promises about replies, topics and privacy. */
export function ContactDetails({ section }: { section: Section<'contactDetails'> }) {
  return (
    <Container className="grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <ToastProvider>
        <ContactForm />
      </ToastProvider>
      {!section.hidden && (
        <aside className="space-y-5" aria-label="About getting in touch">
          <SideCard icon={Clock} title={section.responseTitle}>
            {section.responseText}
          </SideCard>
          {section.expectItems.length > 0 && (
            <SideCard icon={ListChecks} title={section.expectTitle}>
              <ul className="list-disc space-y-1 pl-5">
                {section.expectItems.map((item, index) => (
                  <li key={`${index}-${item}`}>{item}</li>
                ))}
              </ul>
            </SideCard>
          )}
          {section.topics.length > 0 && (
            <SideCard icon={Tags} title={section.topicsTitle}>
              <ul className="mt-1 flex flex-wrap gap-2">
                {section.topics.map((topic, index) => (
                  <li key={`${index}-${topic}`}>
                    <Badge tone="neutral">{topic}</Badge>
                  </li>
                ))}
              </ul>
            </SideCard>
          )}
          <SideCard icon={ShieldCheck} title={section.privacyTitle}>
            {section.privacyText}
          </SideCard>
        </aside>
      )}
    </Container>
  );
}
