import { payments, siteSettings } from '#db/schema.ts';
import { defaultSettings, siteConfig } from '#src/config/site.ts';
import { accentProblem } from '#src/schemas/brand.ts';
import { FAVICON_MESSAGE, LOGO_MESSAGE, type SiteSettings, settingsSchema } from '#src/schemas/settings.ts';
import { contentChanged } from '../cache/content-events.ts';
import { pageCache } from '../cache/page-cache.ts';
import { database } from '../db.ts';
import type { Brand } from '../mail/layout.ts';
import { ValidationError } from '../validation.ts';
import { recordAudit } from './audit.ts';
import { isStoredMediaUrl } from './media.ts';

// A change clears every instance's page cache, as a post change does. Pages read the settings
// through currentSettings(), kept until that cache is next cleared: a render needs no query for
// them, and a page renders from the last known settings while the database is away.

export const CURRENCY_FIXED_MESSAGE = 'The currency cannot change once payments are recorded: their amounts are in it';

export async function readSettings(): Promise<SiteSettings> {
  const db = await database();
  const rows = await db.select().from(siteSettings);
  const settings = defaultSettings();
  // A stored value is used only while it is still valid (a row of a setting since removed, or one
  // the rules now refuse, leaves its first-start value in place).
  for (const row of rows) {
    const rule = settingsSchema.shape[row.key as keyof SiteSettings];
    const parsed = rule?.safeParse(row.value);
    if (parsed?.success) Object.assign(settings, { [row.key]: parsed.data });
  }
  return settings;
}

export async function updateSettings(patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const db = await database();
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (entries.length > 0) {
    const before = await readSettings();
    await checkBrand({ ...before, ...patch }, patch);
    if (
      patch.currency !== undefined &&
      patch.currency !== before.currency &&
      (await db.select({ id: payments.id }).from(payments).limit(1)).length > 0
    )
      throw new ValidationError(CURRENCY_FIXED_MESSAGE, 'currency');
    await db.transaction(async (tx) => {
      const changes = Object.fromEntries(
        entries
          .filter(([key, value]) => before[key as keyof SiteSettings] !== value)
          .map(([key, value]) => [key, { from: before[key as keyof SiteSettings], to: value }]),
      );
      if (Object.keys(changes).length > 0)
        await recordAudit(tx, { action: 'settings.changed', target: { type: 'settings', id: 'site' }, details: changes });
      for (const [key, value] of entries) {
        await tx
          .insert(siteSettings)
          .values({ key, value })
          .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
      }
    });
    await contentChanged();
  }
  return readSettings();
}

/**
 * The brand rules that need more than the field itself: the accent against the primary it is drawn
 * with (the darkest primary text on the accent buttons), and a logo or favicon that Media holds.
 */
async function checkBrand(settings: SiteSettings, patch: Partial<SiteSettings>) {
  if (patch.brandPrimary !== undefined || patch.brandAccent !== undefined) {
    const changing = patch.brandAccent !== undefined ? 'accent' : 'primary';
    const problem = accentProblem(settings.brandAccent, settings.brandPrimary, changing);
    if (problem) throw new ValidationError(problem, changing === 'accent' ? 'brandAccent' : 'brandPrimary');
  }
  for (const [field, message] of [
    ['brandLogo', LOGO_MESSAGE],
    ['brandFavicon', FAVICON_MESSAGE],
  ] as const) {
    const url = patch[field];
    if (url && !(await isStoredMediaUrl(url))) throw new ValidationError(message, field);
  }
}

let cached: { ticket: number; settings: Promise<SiteSettings> } | undefined;

/** The settings for rendering pages: read once per page-cache generation. */
export function currentSettings(): Promise<SiteSettings> {
  const ticket = pageCache.ticket();
  if (cached?.ticket !== ticket) {
    const settings = readSettings();
    cached = { ticket, settings };
    settings.catch(() => {
      if (cached?.settings === settings) cached = undefined;
    });
  }
  return cached.settings;
}

/**
 * The site as emails name it. Read before a transaction that queues an email: on PGlite a read
 * from inside one would wait for the transaction to end.
 */
export async function mailBrand(): Promise<Brand> {
  const { siteName, contactEmail, brandPrimary, brandAccent, brandLogo } = await currentSettings();
  const { url } = siteConfig();
  return {
    name: siteName,
    url,
    contactEmail,
    primary: brandPrimary,
    accent: brandAccent,
    logoUrl: brandLogo ? new URL(brandLogo, url).toString() : '',
  };
}
