import { z } from 'zod';
import { primaryProblem } from './brand.ts';
import { HEX_COLOUR } from './colour.ts';
import { MEDIA_ID_PATTERN } from './media.ts';
import { currencySchema, taxRateSchema } from './money.ts';

// The coach's site settings (GET/PATCH /api/admin/settings, the /admin/settings screen). Stored in
// Postgres; the environment gives each its first-start value (src/config/site.ts). The screen
// validates with these same schemas.

export const SOCIAL_NETWORKS = ['linkedin', 'x', 'facebook', 'instagram'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SETTINGS_LIMITS = {
  siteName: 60,
  siteDescription: 300,
  coachName: 80,
  coachTagline: 120,
  callLabel: 40,
  url: 500,
  businessName: 120,
  businessAddress: 400,
  taxId: 40,
} as const;

const requiredText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must be one line of text`);

/** One line of text that may be empty. */
const optionalText = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), `${label} must be one line of text`);

/** A social link: a full http(s) address, or empty to show no icon for that network. */
const socialLink = (label: string) =>
  z
    .string(`${label} link must be text`)
    .trim()
    .max(SETTINGS_LIMITS.url, `${label} link must be at most ${SETTINGS_LIMITS.url} characters`)
    .refine((value) => value === '' || isWebAddress(value), `${label} link must start with https:// or http://, or be empty`);

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An IANA time zone this runtime knows (Europe/London, America/New_York, UTC). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.trim() !== '';
  } catch {
    return false;
  }
}

/** A colour as `#rrggbb` (stored in lower case). */
const colour = (label: string, example: string) => {
  const message = `${label} must be a colour such as ${example}`;
  return z
    .string(message)
    .trim()
    .regex(HEX_COLOUR, message)
    .transform((value) => value.toLowerCase());
};

/** An uploaded image's original, as Media serves it (no AVIF: not every browser shows it as an icon). */
const BRAND_IMAGE = new RegExp(`^/media/${MEDIA_ID_PATTERN.source.slice(1, -1)}\\.(?:png|jpg|gif|webp)$`);

export const LOGO_MESSAGE = 'Logo must be an image from Media, or empty for the generated mark';
export const FAVICON_MESSAGE = 'Favicon must be an image from Media, or empty for the default icon';

/** A picture from Media, or empty for the site's own. */
const brandImage = (label: string, message: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .refine((value) => value === '' || BRAND_IMAGE.test(value), message);

export const settingsSchema = z.object({
  siteName: requiredText('Site name', SETTINGS_LIMITS.siteName),
  siteDescription: requiredText('Site description', SETTINGS_LIMITS.siteDescription),
  coachName: requiredText('Coach name', SETTINGS_LIMITS.coachName),
  coachTagline: requiredText('Tagline', SETTINGS_LIMITS.coachTagline),
  /** Every button that books an intro call (the header, the hero, Services, Contact, About), while booking is on. */
  callLabel: requiredText('Call button label', SETTINGS_LIMITS.callLabel),
  /** Empty: the legal pages show a placeholder and new-message emails go to the owner. */
  contactEmail: z
    .string('Contact email must be text')
    .trim()
    .max(254, 'Contact email must be a valid email address')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Contact email must be a valid email address'),
  socialLinkedin: socialLink('LinkedIn'),
  socialX: socialLink('X'),
  socialFacebook: socialLink('Facebook'),
  socialInstagram: socialLink('Instagram'),
  timeZone: z.string('Time zone must be text').trim().refine(isTimeZone, 'Time zone must be a time zone name such as Europe/London'),
  /** The newsletter signup forms and the home page's Weekly Newsletter card. */
  newsletterEnabled: z.boolean('newsletterEnabled must be true or false'),
  /** Intro-call booking on the public site. */
  bookingEnabled: z.boolean('bookingEnabled must be true or false'),
  /** The admin menu lists the developer-facing Tests screen under Site (docs/decisions.md: the admin menu). */
  developerTools: z.boolean('developerTools must be true or false'),
  /** The dashboard shows the setup checklist (issue 38 §2): hidden there, shown again from Settings. */
  setupChecklist: z.boolean('setupChecklist must be true or false'),
  /** Buttons, links and dark bands (src/schemas/brand.ts): refused when white text on it, or it on the page, is below AA. */
  brandPrimary: colour('Primary colour', '#1f3358').superRefine((value, context) => {
    const problem = primaryProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  /** The accent buttons and highlights; checked against the primary's darkest shade where both are known (server/services/settings.ts). */
  brandAccent: colour('Accent colour', '#dea838'),
  /** Empty: the generated mark (src/components/layout/brand-mark.tsx). */
  brandLogo: brandImage('Logo', LOGO_MESSAGE),
  /** Empty: public/favicon.svg. */
  brandFavicon: brandImage('Favicon', FAVICON_MESSAGE),
  /** Issue 37: the one currency of every price, payment and refund (fixed once payments exist). */
  currency: currencySchema,
  /** The tax rate receipts show, in basis points (2000 = 20%); 0: no tax is charged. */
  taxRate: taxRateSchema,
  /** Whether prices include the tax (as consumers are shown them) or it is added at checkout. */
  pricesIncludeTax: z.boolean('pricesIncludeTax must be true or false'),
  /** The seller on invoices; empty: the coach's name. */
  businessName: optionalText('Business name', SETTINGS_LIMITS.businessName),
  businessAddress: z
    .string('Business address must be text')
    .trim()
    .max(SETTINGS_LIMITS.businessAddress, `Business address must be at most ${SETTINGS_LIMITS.businessAddress} characters`),
  /** The coach's VAT or other tax id, printed on invoices. */
  taxId: optionalText('Tax ID', SETTINGS_LIMITS.taxId),
});

export type SiteSettings = z.output<typeof settingsSchema>;

/** A change names only the settings it changes; an unknown name is refused. */
export const settingsPatchSchema = settingsSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Name at least one setting to change');
export type SettingsPatch = z.input<typeof settingsPatchSchema>;

/** The footer's social icons, in order: one for each network with a link; an empty link shows none. */
export function socialLinks(settings: SiteSettings): Array<{ network: SocialNetwork; href: string }> {
  const hrefs: Record<SocialNetwork, string> = {
    linkedin: settings.socialLinkedin,
    x: settings.socialX,
    facebook: settings.socialFacebook,
    instagram: settings.socialInstagram,
  };
  return SOCIAL_NETWORKS.filter((network) => hrefs[network] !== '').map((network) => ({ network, href: hrefs[network] }));
}
