import { bookingIsOn } from '#server/services/booking/calls.ts';
import { currentSettings } from '#server/services/settings.ts';
import { AboutHero } from '#src/components/about/about-hero.tsx';
import { HowICoach } from '#src/components/about/how-i-coach.tsx';
import { LetsTalk } from '#src/components/about/lets-talk.tsx';
import { MoreThanACoach } from '#src/components/about/more-than-a-coach.tsx';
import { WhoIHelp } from '#src/components/about/who-i-help.tsx';
import { WhyICoach } from '#src/components/about/why-i-coach.tsx';
import { WhyItWorks } from '#src/components/about/why-it-works.tsx';
import { Meta } from '#src/components/meta.tsx';

export default async function AboutPage() {
  const settings = await currentSettings();
  const { coachName } = settings;
  return (
    <>
      <Meta
        title={`About ${coachName}`}
        description={`Meet ${coachName}, who offers growth, change and character coaching for leaders, executives, young professionals and anyone ready to grow.`}
        path="/about"
      />
      <AboutHero />
      <WhyICoach />
      <WhoIHelp />
      <HowICoach />
      <WhyItWorks />
      <MoreThanACoach />
      <LetsTalk bookingEnabled={bookingIsOn(settings)} />
    </>
  );
}

export const getConfig = async () => ({ render: 'dynamic' }) as const;
