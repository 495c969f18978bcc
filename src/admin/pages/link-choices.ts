// The destinations a button offers first (issue 31); any other page of the site or an https
// address can be typed instead.
export const LINK_CHOICES = [
  { link: '/book', name: 'Book a call' },
  { link: '/contact', name: 'Contact page' },
  { link: '/services#newsletter', name: 'Newsletter signup' },
  { link: '/', name: 'Home page' },
  { link: '/about', name: 'About page' },
  { link: '/services', name: 'Services page' },
  { link: '/blog', name: 'Blog' },
  { link: '/privacy', name: 'Privacy Policy' },
  { link: '/terms', name: 'Terms of Service' },
  { link: '/cookies', name: 'Cookie Policy' },
] as const;

export const OTHER_LINK = 'other';

export const OFFERING_STATE_NAMES = {
  live: 'Live: its button leads somewhere',
  soon: 'Coming soon',
  hidden: 'Hidden',
  booking: 'Follows booking: live with the call’s button while booking is on',
  newsletter: 'Follows the newsletter: live with the signup while it is on',
} as const;
