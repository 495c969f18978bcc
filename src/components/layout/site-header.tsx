import { bookingIsOn } from '#server/services/booking/calls.ts';
import { currentSettings } from '#server/services/settings.ts';
import { currentPageContent } from '#server/services/site-pages/read.ts';
import { sectionOf } from '#src/schemas/site-content/pages.ts';
import { SiteHeaderView } from './site-header-view.tsx';

/** The header with the coach's links (Admin → Pages → Header and footer) and brand. */
export async function SiteHeader() {
  const [settings, navigation] = await Promise.all([currentSettings(), currentPageContent('navigation')]);
  const header = sectionOf(navigation, 'headerLinks');
  const shown = header && !header.hidden ? header : undefined;
  return (
    <SiteHeaderView
      name={settings.siteName}
      logo={settings.brandLogo}
      links={shown?.links ?? []}
      action={shown?.action}
      callLabel={bookingIsOn(settings) ? settings.callLabel : undefined}
    />
  );
}
