import { siteSettings } from '../../db/schema.ts';
import { DEFAULT_SETTINGS, type SiteSettings } from '../../src/schemas/settings.ts';
import { contentChanged } from '../cache/content-events.ts';
import { database } from '../db.ts';

// Read on every render and request that needs them (renders are cache misses, so this is cheap);
// a change clears every instance's page cache, as a post change does.

export async function readSettings(): Promise<SiteSettings> {
  const db = await database();
  const rows = await db.select().from(siteSettings);
  const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  return { ...DEFAULT_SETTINGS, ...(stored as Partial<SiteSettings>) };
}

export async function updateSettings(patch: Partial<SiteSettings>): Promise<SiteSettings> {
  const db = await database();
  const entries = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (entries.length > 0) {
    await db.transaction(async (tx) => {
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
