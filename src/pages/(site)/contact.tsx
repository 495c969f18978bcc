import type { IconNode } from 'lucide';
import { Clock, ListChecks, ShieldCheck, Tags } from 'lucide';
import type { ReactNode } from 'react';
import { ContactForm } from '#src/components/contact/contact-form.tsx';
import { Meta } from '#src/components/meta.tsx';
import { Badge } from '#src/components/ui/badge.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';
import { Icon } from '#src/components/ui/icon.tsx';
import { ToastProvider } from '#src/components/ui/toast-provider.tsx';

const TOPICS = [
  'Executive coaching',
  'Leadership development',
  'Team dynamics',
  'Career transitions',
  'Speaking & workshops',
  'Personal growth',
];

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

export default async function ContactPage() {
  return (
    <>
      <Meta
        title="Contact"
        description="Send a message about coaching, workshops or speaking. Replies within 24-48 hours on business days."
        path="/contact"
      />
      <PageHeader
        eyebrow="Contact"
        title="Let's Start a Conversation"
        lead="Whether you are facing a leadership challenge or simply curious about coaching, I would love to hear from you."
      />
      <Container className="grid gap-8 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <ToastProvider>
          <ContactForm />
        </ToastProvider>
        <aside className="space-y-5" aria-label="About getting in touch">
          <SideCard icon={Clock} title="Response Time">
            I reply to every message within 24-48 hours on business days.
          </SideCard>
          <SideCard icon={ListChecks} title="What to Expect">
            <ul className="list-disc space-y-1 pl-5">
              <li>A personal reply, never an automated sequence</li>
              <li>A few questions to understand your goals</li>
              <li>An invitation to a short intro call if it is a fit</li>
            </ul>
          </SideCard>
          <SideCard icon={Tags} title="Common Topics">
            <ul className="mt-1 flex flex-wrap gap-2">
              {TOPICS.map((topic) => (
                <li key={topic}>
                  <Badge tone="neutral">{topic}</Badge>
                </li>
              ))}
            </ul>
          </SideCard>
          <SideCard icon={ShieldCheck} title="Privacy & Confidentiality">
            What you share stays between us. Your details are used only to reply to you and are never sold or shared.
          </SideCard>
        </aside>
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
