import { ArrowRight } from 'lucide';
import { Suspense } from 'react';
import { Link } from 'waku';
import { currentSettings } from '#server/services/settings.ts';
import { FeaturesGrid } from '#src/components/home/features-grid.tsx';
import { LatestPost, LatestPostSkeleton } from '#src/components/home/latest-post.tsx';
import { Testimonials, TestimonialsSkeleton } from '#src/components/home/testimonials.tsx';
import { Meta } from '#src/components/meta.tsx';
import { ComingSoonBadge } from '#src/components/ui/badge.tsx';
import { ButtonLink } from '#src/components/ui/button.tsx';
import { Container } from '#src/components/ui/container.tsx';
import { Icon } from '#src/components/ui/icon.tsx';

export const HERO_SUBTITLE =
  'Expert coaching, actionable insights and a supportive community for leaders, executives and anyone ready to grow.';

export default async function HomePage() {
  const { newsletterEnabled, siteName } = await currentSettings();
  return (
    <>
      <Meta title={siteName} description={HERO_SUBTITLE} path="/" />

      <section className="bg-gradient-to-b from-primary-950 to-primary-900 text-white">
        <Container className="py-20 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">Leadership coaching</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-semibold leading-tight text-white sm:text-6xl">Transform Your Leadership Journey</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-primary-100">{HERO_SUBTITLE}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/services" variant="accent" size="lg">
              Explore Our Services <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
            </ButtonLink>
            <ButtonLink to="/blog" variant="inverse" size="lg">
              Read Our Blog
            </ButtonLink>
          </div>
        </Container>
      </section>

      <section aria-labelledby="features-heading" className="py-16 sm:py-20">
        <Container>
          <h2 id="features-heading" className="text-3xl font-semibold">
            Everything You Need to Grow as a Leader
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-muted">Start with the blog today; more ways to learn and connect are on their way.</p>
          <div className="mt-10">
            <FeaturesGrid newsletter={newsletterEnabled} />
          </div>
        </Container>
      </section>

      <section aria-labelledby="latest-heading" className="border-y border-line bg-surface py-16 sm:py-20">
        <Container>
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="latest-heading" className="text-3xl font-semibold">
              Latest Leadership Insights
            </h2>
            <Link to="/blog" className="inline-flex items-center gap-1.5 rounded-sm font-semibold text-primary-700 hover:text-primary-900">
              View All Articles <Icon shapes={ArrowRight} aria-hidden="true" className="size-4" />
            </Link>
          </div>
          <div className="mt-8">
            <Suspense fallback={<LatestPostSkeleton />}>
              <LatestPost />
            </Suspense>
          </div>
        </Container>
      </section>

      <section aria-labelledby="testimonials-heading" className="py-16 sm:py-20">
        <Container>
          <div className="flex flex-wrap items-center gap-3">
            <h2 id="testimonials-heading" className="text-3xl font-semibold">
              What Leaders Say About Us
            </h2>
            <ComingSoonBadge />
          </div>
          <div className="mt-8">
            <Suspense fallback={<TestimonialsSkeleton />}>
              <Testimonials />
            </Suspense>
          </div>
        </Container>
      </section>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
