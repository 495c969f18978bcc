import { bookingIsOn } from '#server/services/booking/calls.ts';
import { currentSettings } from '#server/services/settings.ts';
import type { SectionContext } from '#src/schemas/site-content/context.ts';

/** The switches and names every page's sections read. */
export async function sectionContext(): Promise<SectionContext> {
  const settings = await currentSettings();
  return {
    bookingOpen: bookingIsOn(settings),
    newsletterOpen: settings.newsletterEnabled,
    callLabel: settings.callLabel,
    coachName: settings.coachName,
    coachTagline: settings.coachTagline,
  };
}
