import { Link } from 'waku';
import { bookingIsOn } from '#server/services/booking/calls.ts';
import { currentSettings } from '#server/services/settings.ts';
import { mainNav } from '#src/config/navigation.ts';
import { BrandMark } from './brand-mark.tsx';
import { HeaderNav } from './header-nav.tsx';

export async function SiteHeader() {
  const settings = await currentSettings();
  const name = settings.siteName;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-control" aria-label={`${name} home`}>
          <BrandMark logo={settings.brandLogo} />
          <span className="truncate font-display text-lg font-semibold text-primary-950">{name}</span>
        </Link>
        <HeaderNav items={mainNav} callLabel={bookingIsOn(settings) ? settings.callLabel : undefined} />
      </div>
    </header>
  );
}
