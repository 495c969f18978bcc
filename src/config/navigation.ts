// docs/product.md §2 "Shared layout": the header nav and the footer's link groups.

export interface NavItem {
  label: string;
  href: string;
}

export const mainNav: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Blog', href: '/blog' },
  { label: 'Services', href: '/services' },
  { label: 'About', href: '/about' },
];

export const footerQuickLinks: NavItem[] = [
  { label: 'Home', href: '/' },
  { label: 'Blog', href: '/blog' },
  { label: 'Services', href: '/services' },
  { label: 'About', href: '/about' },
  { label: 'Contact', href: '/contact' },
];

export const footerServiceLinks: NavItem[] = [
  { label: 'Executive Coaching', href: '/services#coaching' },
  { label: 'Leadership Development', href: '/services#development' },
  { label: 'Team Building', href: '/services#team-building' },
  { label: 'AI Coaching Assistant', href: '/services#ai-coach' },
  { label: 'Weekly Newsletter', href: '/services#newsletter' },
];

export const footerLegalLinks: NavItem[] = [
  { label: 'Privacy Policy', href: '/privacy' },
  { label: 'Terms of Service', href: '/terms' },
  { label: 'Cookie Policy', href: '/cookies' },
];

/** A nav item is current on its own path; Home only on `/`, sections also on their sub-pages. */
export function isCurrentPath(href: string, path: string): boolean {
  if (href === '/') return path === '/';
  return path === href || path.startsWith(`${href}/`);
}
