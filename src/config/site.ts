import { DEFAULT_ACCENT, DEFAULT_PRIMARY } from '../schemas/brand.ts';
import { type SiteSettings, settingsSchema } from '../schemas/settings.ts';

// What the operator sets in the environment, read on the server only: the public address and the
// optional third-party analytics, plus the first-start values of the coach's settings (the brand,
// the coach, the contact address, social links, time zone), which the coach then changes at
// /admin/settings (server/services/settings.ts).

const fromEnv = (key: string, fallback: string) => {
  const value = typeof process === 'undefined' ? undefined : process.env[key];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

export function siteConfig() {
  return {
    // Canonical links, feeds and social tags use this, never the request's Host header (which a client controls).
    url: new URL(fromEnv('SITE_URL', `http://localhost:${fromEnv('PORT', '3000')}`)).origin,
    /** docs/decisions.md: page views go to a third-party analytics service only when both are set. */
    analytics: {
      endpoint: fromEnv('ANALYTICS_ENDPOINT', ''),
      domain: fromEnv('ANALYTICS_DOMAIN', ''),
    },
  };
}

/** A value from the environment when it is a valid setting, else the neutral default. */
function defaulted<Key extends keyof SiteSettings>(key: Key, variable: string, fallback: SiteSettings[Key]): SiteSettings[Key] {
  const parsed = settingsSchema.shape[key].safeParse(fromEnv(variable, ''));
  return parsed.success && parsed.data !== '' ? (parsed.data as SiteSettings[Key]) : fallback;
}

/**
 * The neutral coach a fresh site names until the coach (or COACH_NAME, COACH_TAGLINE) gives their
 * own: the setup checklist counts these as not yet done.
 */
export const SAMPLE_COACH = { name: 'Jordan Avery', tagline: 'Growth, change and character coaching for leaders' } as const;

/** The settings of a site whose coach has changed none (docs/decisions.md: placeholders). */
export function defaultSettings(): SiteSettings {
  return {
    siteName: defaulted('siteName', 'SITE_NAME', 'Summit Leadership Coaching'),
    siteDescription: defaulted(
      'siteDescription',
      'SITE_DESCRIPTION',
      'Expert coaching, actionable insights and a supportive community for leaders who want to grow.',
    ),
    coachName: defaulted('coachName', 'COACH_NAME', SAMPLE_COACH.name),
    coachTagline: defaulted('coachTagline', 'COACH_TAGLINE', SAMPLE_COACH.tagline),
    callLabel: 'Book a Free Intro Call',
    contactEmail: defaulted('contactEmail', 'CONTACT_EMAIL', ''),
    // The spec's footer has four social icons with no real target: on a fresh site each links to its
    // network's home page until the coach gives their own profile or clears it (which hides the icon).
    socialLinkedin: defaulted('socialLinkedin', 'SOCIAL_LINKEDIN_URL', 'https://www.linkedin.com/'),
    socialX: defaulted('socialX', 'SOCIAL_X_URL', 'https://x.com/'),
    socialFacebook: defaulted('socialFacebook', 'SOCIAL_FACEBOOK_URL', 'https://www.facebook.com/'),
    socialInstagram: defaulted('socialInstagram', 'SOCIAL_INSTAGRAM_URL', 'https://www.instagram.com/'),
    timeZone: defaulted('timeZone', 'TIME_ZONE', 'UTC'),
    newsletterEnabled: false,
    bookingEnabled: false,
    developerTools: false,
    setupChecklist: true,
    // The theme as src/styles.css draws it: a fresh site looks exactly as designed.
    brandPrimary: DEFAULT_PRIMARY,
    brandAccent: DEFAULT_ACCENT,
    brandLogo: '',
    brandFavicon: '',
    currency: 'EUR',
    taxRate: 0,
    pricesIncludeTax: true,
    businessName: '',
    businessAddress: '',
    taxId: '',
  };
}

/** What the legal pages print while neither a contact address nor the owner's account exists (before the first start). */
export const PLACEHOLDER_CONTACT_EMAIL = 'hello@example.com';
