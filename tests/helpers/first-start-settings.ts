import type { SiteSettings } from '#src/schemas/settings.ts';

/** The settings of a site whose coach changed none, with the test environment's values (src/config/site.ts). */
export const FIRST_START_SETTINGS: SiteSettings = {
  siteName: 'Summit Leadership Coaching',
  siteDescription: 'Expert coaching, actionable insights and a supportive community for leaders who want to grow.',
  coachName: 'Jordan Avery',
  coachTagline: 'Growth, change and character coaching for leaders',
  callLabel: 'Book a Free Intro Call',
  contactEmail: '',
  socialLinkedin: 'https://www.linkedin.com/',
  socialX: 'https://x.com/',
  socialFacebook: 'https://www.facebook.com/',
  socialInstagram: 'https://www.instagram.com/',
  timeZone: 'UTC',
  newsletterEnabled: false,
  bookingEnabled: false,
  developerTools: false,
  setupChecklist: true,
  brandPrimary: '#1f3358',
  brandAccent: '#dea838',
  brandLogo: '',
  brandFavicon: '',
};
