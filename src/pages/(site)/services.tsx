import { ArrowLeft, Mail } from 'lucide';
import { currentSettings } from '#server/services/settings.ts';
import { Meta } from '#src/components/meta.tsx';
import { OneOnOneCoaching } from '#src/components/services/one-on-one-coaching.tsx';
import { ServicePreviews } from '#src/components/services/service-previews.tsx';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Container, PageHeader } from '#src/components/ui/container.tsx';
import { Icon } from '#src/components/ui/icon.tsx';

export default async function ServicesPage() {
  const { newsletterEnabled } = await currentSettings();
  return (
    <>
      <Meta
        title="Services"
        description="One-on-one coaching, leadership development, team building, an AI coaching assistant and a weekly newsletter are coming soon."
        path="/services"
      />
      <PageHeader
        eyebrow="Services"
        title="Services Coming Soon"
        lead="We are putting the finishing touches on our coaching services. Here is a preview of what is on the way — and you can start a conversation today."
      />

      <Container className="space-y-16 py-14 sm:space-y-20 sm:py-20">
        <OneOnOneCoaching />
        <ServicePreviews newsletter={newsletterEnabled} />

        <section
          aria-labelledby="services-questions-heading"
          className="flex flex-col gap-6 border-t border-line pt-10 md:flex-row md:items-center md:justify-between"
        >
          <div>
            <h2 id="services-questions-heading" className="text-2xl font-semibold">
              Questions in the meantime?
            </h2>
            <p className="mt-2 leading-relaxed text-muted">We answer every message within 24–48 hours on business days.</p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <ButtonLink to="/contact">
              <Icon shapes={Mail} aria-hidden="true" className="size-4" />
              Contact Us
            </ButtonLink>
            <ButtonLink to="/" variant="ghost">
              <Icon shapes={ArrowLeft} aria-hidden="true" className="size-4" />
              Back to Home
            </ButtonLink>
          </div>
        </section>
      </Container>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
