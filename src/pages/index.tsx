import { ArrowRight } from 'lucide-react';
import { Suspense } from 'react';
import { Link } from 'waku';
import { LatestPost, LatestPostSkeleton } from '../components/home/latest-post.tsx';
import { siteConfig } from '../config/site.ts';

export const HERO_SUBTITLE =
  'Expert coaching, actionable insights and a supportive community for leaders, executives and anyone ready to grow.';

export default async function HomePage() {
  const { name } = siteConfig();
  return (
    <>
      <title>{`${name} | Transform Your Leadership Journey`}</title>
      <meta name="description" content={HERO_SUBTITLE} />
      <meta property="og:title" content={`${name} | Transform Your Leadership Journey`} />
      <meta property="og:description" content={HERO_SUBTITLE} />
      <meta property="og:type" content="website" />

      <section className="bg-gradient-to-b from-primary-950 to-primary-900 text-white">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">Leadership coaching</p>
          <h1 className="mt-4 max-w-3xl text-4xl font-semibold leading-tight text-white sm:text-6xl">
            Transform Your Leadership Journey
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-primary-100">{HERO_SUBTITLE}</p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link
              to="/services"
              className="inline-flex items-center justify-center gap-2 rounded-control bg-accent-400 px-6 py-3 font-semibold text-primary-950 hover:bg-accent-300"
            >
              Explore Our Services <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link
              to="/blog"
              className="inline-flex items-center justify-center rounded-control border border-primary-300/50 px-6 py-3 font-semibold text-white hover:bg-primary-800"
            >
              Read Our Blog
            </Link>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="latest-heading">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="latest-heading" className="text-3xl font-semibold">
            Latest Leadership Insights
          </h2>
          <Link to="/blog" className="inline-flex items-center gap-1.5 font-semibold text-primary-700 hover:text-primary-900">
            View All Articles <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <div className="mt-8">
          <Suspense fallback={<LatestPostSkeleton />}>
            <LatestPost />
          </Suspense>
        </div>
      </section>
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
