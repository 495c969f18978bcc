// The brand, coach and social links (docs/decisions.md: placeholders). Neutral defaults that the
// operator overrides through the environment; read on the server only.

const fromEnv = (key: string, fallback: string) => {
  const value = typeof process === 'undefined' ? undefined : process.env[key];
  return value && value.trim() !== '' ? value.trim() : fallback;
};

export interface SocialLink {
  label: 'LinkedIn' | 'X' | 'Facebook' | 'Instagram';
  href: string;
}

export function siteConfig() {
  return {
    name: fromEnv('SITE_NAME', 'Summit Leadership Coaching'),
    // Canonical links, feeds and social tags use this, never the request's Host header (which a client controls).
    url: new URL(fromEnv('SITE_URL', `http://localhost:${fromEnv('PORT', '3000')}`)).origin,
    description: fromEnv(
      'SITE_DESCRIPTION',
      'Expert coaching, actionable insights and a supportive community for leaders who want to grow.',
    ),
    coachName: fromEnv('COACH_NAME', 'Jordan Avery'),
    coachTagline: fromEnv('COACH_TAGLINE', 'Growth, change and character coaching for leaders'),
    contactEmail: fromEnv('CONTACT_EMAIL', 'hello@example.com'),
    /** docs/decisions.md: page views go to a third-party analytics service only when both are set. */
    analytics: {
      endpoint: fromEnv('ANALYTICS_ENDPOINT', ''),
      domain: fromEnv('ANALYTICS_DOMAIN', ''),
    },
    social: [
      { label: 'LinkedIn', href: fromEnv('SOCIAL_LINKEDIN_URL', '#') },
      { label: 'X', href: fromEnv('SOCIAL_X_URL', '#') },
      { label: 'Facebook', href: fromEnv('SOCIAL_FACEBOOK_URL', '#') },
      { label: 'Instagram', href: fromEnv('SOCIAL_INSTAGRAM_URL', '#') },
    ] satisfies SocialLink[],
  };
}

export type SiteConfig = ReturnType<typeof siteConfig>;
