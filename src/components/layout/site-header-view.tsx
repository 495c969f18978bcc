import { Link } from 'waku';
import type { NavLink } from '#src/schemas/site-content/sections.ts';
import { BrandMark } from './brand-mark.tsx';
import { HeaderNav } from './header-nav.tsx';

export interface SiteHeaderProps {
  name: string;
  /** The coach's logo from Media (Settings → Brand); empty: the generated mark. */
  logo: string;
  links: NavLink[];
  /** The button at the end (Contact on a fresh site); none when the coach hides the links. */
  action?: NavLink;
  /** The call's label while booking is on. */
  callLabel?: string;
}

/** The sticky header's markup: the site's name and mark, its links, and the call while booking is on. */
export function SiteHeaderView({ name, logo, links, action, callLabel }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-control" aria-label={`${name} home`}>
          <BrandMark logo={logo} />
          <span className="truncate font-display text-lg font-semibold text-primary-950">{name}</span>
        </Link>
        <HeaderNav links={links} action={action} callLabel={callLabel} />
      </div>
    </header>
  );
}
