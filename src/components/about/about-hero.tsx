import { currentSettings } from '#server/services/settings.ts';
import { SquareImage } from '#src/components/ui/square-image.tsx';

export const COACH_AVATAR_SRC = '/images/coach-avatar.svg';

/** The page's h1: the coach's name and tagline from the coach's settings. */
export async function AboutHero() {
  const { coachName, coachTagline } = await currentSettings();
  return (
    <section aria-labelledby="about-hero-heading" className="bg-gradient-to-b from-primary-950 to-primary-900 text-white">
      <div className="mx-auto grid w-full max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-24 md:grid-cols-[minmax(0,1fr)_auto] md:gap-16">
        <div className="order-2 md:order-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">About the coach</p>
          <h1 id="about-hero-heading" className="mt-4 text-4xl font-semibold leading-tight text-white sm:text-6xl">
            {coachName}
          </h1>
          <p className="mt-4 font-display text-xl leading-snug text-accent-200 sm:text-2xl">{coachTagline}</p>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-primary-100">
            I help leaders and people at every stage of life grow in skill and in character — so that who they are and how they lead move
            forward together.
          </p>
        </div>
        <div className="order-1 md:order-2">
          <div className="size-32 sm:size-40 md:size-64">
            <SquareImage
              src={COACH_AVATAR_SRC}
              alt={`Portrait of ${coachName}`}
              size={256}
              className="size-full rounded-full bg-primary-800 object-cover shadow-xl ring-2 ring-accent-400/60 ring-offset-4 ring-offset-primary-950"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
