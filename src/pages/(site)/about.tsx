import { bookingIsOn } from '../../../server/services/booking/calls.ts';
import { currentSettings } from '../../../server/services/settings.ts';
import { AboutHero } from '../../components/about/about-hero.tsx';
import { HowICoach } from '../../components/about/how-i-coach.tsx';
import { LetsTalk } from '../../components/about/lets-talk.tsx';
import { MoreThanACoach } from '../../components/about/more-than-a-coach.tsx';
import { WhoIHelp } from '../../components/about/who-i-help.tsx';
import { WhyICoach } from '../../components/about/why-i-coach.tsx';
import { WhyItWorks } from '../../components/about/why-it-works.tsx';
import { Meta } from '../../components/meta.tsx';

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
