'use client';

import { type FormEvent, useState } from 'react';
import { useRouter } from 'waku';
import { fieldErrors } from '#src/lib/field-errors.ts';
import { plural } from '#src/lib/plural.ts';
import { accentProblem } from '#src/schemas/brand.ts';
import { SETTINGS_LIMITS, type SiteSettings, settingsSchema } from '#src/schemas/settings.ts';
import { SwitchField, TextAreaField, TextField, TimeZoneField } from '../kit/fields.tsx';
import { FormSaveBar, FormSection } from '../kit/form-section.tsx';
import { FAILED, useAction } from '../kit/use-action.ts';
import { useForm } from '../kit/use-form.ts';
import { useLeaveGuard } from '../kit/use-leave-guard.ts';
import { saveSettings } from './api.ts';
import { asColour, BrandImageField, BrandSwatch, ColourField, useBrandImages } from './brand-fields.tsx';

type Switch = 'newsletterEnabled' | 'bookingEnabled' | 'developerTools' | 'setupChecklist';
/** Set on Admin → Payments, with the prices they apply to. */
type PaymentSetting = 'currency' | 'taxRate' | 'pricesIncludeTax' | 'businessName' | 'businessAddress' | 'taxId';
type Values = Omit<SiteSettings, Switch | PaymentSetting>;
type Field = keyof Values;

const ORDER: Field[] = [
  'siteName',
  'siteDescription',
  'coachName',
  'coachTagline',
  'callLabel',
  'contactEmail',
  'timeZone',
  'socialLinkedin',
  'socialX',
  'socialFacebook',
  'socialInstagram',
  'brandPrimary',
  'brandAccent',
  'brandLogo',
  'brandFavicon',
];

const SOCIAL_FIELDS: Array<{ field: Field; label: string; placeholder: string }> = [
  { field: 'socialLinkedin', label: 'LinkedIn', placeholder: 'https://www.linkedin.com/in/…' },
  { field: 'socialX', label: 'X', placeholder: 'https://x.com/…' },
  { field: 'socialFacebook', label: 'Facebook', placeholder: 'https://www.facebook.com/…' },
  { field: 'socialInstagram', label: 'Instagram', placeholder: 'https://www.instagram.com/…' },
];

const BRAND_COLOURS: Array<{ field: 'brandPrimary' | 'brandAccent'; label: string; hint: string }> = [
  { field: 'brandPrimary', label: 'Primary colour', hint: 'Buttons, links and the dark bands, under white text: a deep colour.' },
  { field: 'brandAccent', label: 'Accent colour', hint: 'Highlights and the second kind of button, under dark text: a bright colour.' },
];

const BRAND_IMAGES: Array<{ field: Field; label: string; none: string; hint: string }> = [
  {
    field: 'brandLogo',
    label: 'Logo',
    none: 'Generated mark',
    hint: 'Beside the site name in the header, the footer and emails. Upload images in Media; the newest are listed first.',
  },
  {
    field: 'brandFavicon',
    label: 'Favicon',
    none: 'Default icon',
    hint: "The small icon in the browser's tab: a square image reads best.",
  },
];

const textsOf = (settings: SiteSettings): Values => Object.fromEntries(ORDER.map((field) => [field, settings[field]])) as Values;
const textsSchema = settingsSchema.pick(Object.fromEntries(ORDER.map((field) => [field, true])) as Record<Field, true>);
/**
 * The schema's messages, and the one rule between two fields: the accent against the primary's
 * darkest shade, said of the colour being changed (as the server says it).
 */
function validate(values: Values, saved: Values) {
  const errors = fieldErrors<Field>(textsSchema.safeParse(values));
  const [primary, accent] = [asColour(values.brandPrimary), asColour(values.brandAccent)];
  if (primary && accent && !errors.brandPrimary && !errors.brandAccent) {
    const changing = accent === asColour(saved.brandAccent) && primary !== asColour(saved.brandPrimary) ? 'primary' : 'accent';
    const problem = accentProblem(accent, primary, changing);
    if (problem) errors[changing === 'primary' ? 'brandPrimary' : 'brandAccent'] = problem;
  }
  return errors;
}

const SWITCHES: Array<{ key: Switch; label: string; hint: string; on: string; off: string }> = [
  {
    key: 'newsletterEnabled',
    label: 'Newsletter signup',
    hint: 'Shows the signup after every post, in the footer of the other pages and on the services page.',
    on: 'Newsletter signup is on',
    off: 'Newsletter signup is off',
  },
  {
    key: 'bookingEnabled',
    label: 'Intro-call booking',
    hint: 'Lets visitors book an intro call from the site.',
    on: 'Booking is on',
    off: 'Booking is off',
  },
  {
    key: 'developerTools',
    label: 'Developer tools',
    hint: "Lists the Tests screen, the project's own test runs, under Site in the admin menu.",
    on: 'Developer tools are on',
    off: 'Developer tools are off',
  },
  {
    key: 'setupChecklist',
    label: 'Show the setup checklist',
    hint: 'The dashboard lists the steps from a fresh site to a live one, each ticked once it is really done.',
    on: 'The setup checklist is on the dashboard',
    off: 'The setup checklist is hidden',
  },
];

/** /admin/settings: the site's details (saved together) and the feature switches (each saved at once). */
export function SettingsAdmin({ initial, timeZones }: { initial: SiteSettings; timeZones: string[] }) {
  const [saved, setSaved] = useState(textsOf(initial));
  const form = useForm<Values>(saved, (values) => validate(values, saved), 'settings');
  const images = useBrandImages();
  // The sample shows the colours as typed (a refused one too, with its low contrast) while they are colours, else the saved ones.
  const shown = {
    primary: asColour(form.values.brandPrimary) ?? saved.brandPrimary,
    accent: asColour(form.values.brandAccent) ?? saved.brandAccent,
  };
  const details = useAction();
  const switches = useAction();
  const [features, setFeatures] = useState({
    newsletterEnabled: initial.newsletterEnabled,
    bookingEnabled: initial.bookingEnabled,
    developerTools: initial.developerTools,
    setupChecklist: initial.setupChecklist,
  });
  const router = useRouter();
  const changed = ORDER.filter((field) => form.values[field] !== saved[field]);
  useLeaveGuard(changed.length > 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(ORDER) || changed.length === 0) return;
    const patch = Object.fromEntries(changed.map((field) => [field, form.values[field]]));
    const next = await details.run(
      () => saveSettings(patch),
      {
        success: { title: 'Settings saved', description: 'Every page of the site shows them now.' },
        failureTitle: 'Failed to save the settings',
        fieldError: form.showServerError,
      },
      { stay: true },
    );
    if (next === FAILED) return;
    setSaved(textsOf(next));
    form.setValues(textsOf(next));
  }

  async function toggle(key: Switch, on: boolean) {
    const texts = SWITCHES.find((item) => item.key === key)!;
    setFeatures((current) => ({ ...current, [key]: on }));
    const done = await switches.run(
      () => saveSettings({ [key]: on }),
      {
        success: { title: on ? texts.on : texts.off },
        failureTitle: 'Failed to change the setting',
      },
      { stay: true },
    );
    if (done === FAILED) setFeatures((current) => ({ ...current, [key]: !on }));
    // The admin menu is drawn on the server: render this screen again, in place, for it to list Tests or not.
    else if (key === 'developerTools') await router.replace(`${router.path}${router.query ? `?${router.query}` : ''}`, { scroll: false });
  }

  return (
    <div className="mt-6 space-y-6">
      <FormSection id="features" title="Features" intro="Each switch takes effect at once, on every page." layout="mt-5 space-y-4">
        {SWITCHES.map(({ key, label, hint }) => (
          <SwitchField
            key={key}
            id={`settings-${key}`}
            label={label}
            hint={hint}
            checked={features[key]}
            disabled={switches.busy}
            onChange={(on) => toggle(key, on)}
          />
        ))}
      </FormSection>

      <form noValidate onSubmit={submit} aria-busy={details.busy} className="space-y-6">
        <FormSection id="site" title="Site" intro="The name and description on every page, in search results and in emails.">
          <TextField
            {...form.field('siteName')}
            label="Site name"
            required
            maxLength={SETTINGS_LIMITS.siteName}
            className="sm:col-span-2"
          />
          <TextAreaField
            {...form.field('siteDescription')}
            label="Site description"
            required
            hint="Shown in the footer and the feed."
            className="sm:col-span-2"
          />
        </FormSection>

        <FormSection
          id="coach"
          title="Coach"
          intro="Who visitors meet on the about page and beside each post, and what every button that books an intro call says."
        >
          <TextField {...form.field('coachName')} label="Coach name" required maxLength={SETTINGS_LIMITS.coachName} />
          <TextField {...form.field('coachTagline')} label="Tagline" required maxLength={SETTINGS_LIMITS.coachTagline} />
          <TextField {...form.field('callLabel')} label="Call button label" required maxLength={SETTINGS_LIMITS.callLabel} />
          <TextField
            {...form.field('contactEmail')}
            label="Contact email"
            type="email"
            optional
            hint="Shown on the legal pages; new contact messages are emailed here (empty: to the owner's address)."
          />
          <TimeZoneField
            {...form.field('timeZone')}
            timeZones={timeZones}
            label="Time zone"
            hint="Every date and time in the admin is shown in it, and analytics count its days."
          />
        </FormSection>

        <FormSection id="social" title="Social links" intro="The footer's icons, each linking to your profile on that network.">
          {SOCIAL_FIELDS.map(({ field, label, placeholder }) => (
            <TextField
              key={field}
              {...form.field(field)}
              label={label}
              type="url"
              optional
              placeholder={placeholder}
              hint={`Empty: the footer shows no ${label} icon.`}
            />
          ))}
        </FormSection>

        <FormSection
          id="brand"
          title="Brand"
          intro="The colours, logo and browser icon of every page and email. Colours are checked so that text on them stays easy to read."
        >
          {BRAND_COLOURS.map(({ field, label, hint }) => (
            <ColourField key={field} {...form.field(field)} label={label} hint={hint} fallback={saved[field]} />
          ))}
          <BrandSwatch primary={shown.primary} accent={shown.accent} logo={form.values.brandLogo} name={form.values.siteName} />
          {BRAND_IMAGES.map(({ field, label, none, hint }) => (
            <BrandImageField key={field} {...form.field(field)} images={images} label={label} none={none} hint={hint} />
          ))}
        </FormSection>

        <FormSaveBar
          failure={details.failure}
          status={changed.length === 0 ? 'All changes saved' : plural(changed.length, 'unsaved change')}
          busy={details.busy}
          label="Save settings"
        />
      </form>
    </div>
  );
}
