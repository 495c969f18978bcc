import { eq } from 'drizzle-orm';
import { siteSettings } from '#db/schema.ts';
import { contentChanged } from '#server/cache/content-events.ts';
import { database } from '#server/db.ts';
import { type Availability, availabilitySchema, defaultAvailability } from '#src/schemas/booking.ts';
import { readSettings } from '../settings.ts';

// The coach's availability is one row of site_settings (key below), kept apart from the settings
// screen's values. Slots are fetched fresh by /book; a change still clears the page cache, as the
// privacy policy states how long call topics are kept.

const KEY = 'bookingAvailability';

/** The stored availability while it is still valid, else a fresh site's in the site's time zone. */
export async function readAvailability(): Promise<Availability> {
  const db = await database();
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  const parsed = row ? availabilitySchema.safeParse(row.value) : undefined;
  return parsed?.success ? parsed.data : defaultAvailability((await readSettings()).timeZone);
}

export async function updateAvailability(availability: Availability): Promise<Availability> {
  const db = await database();
  await db
    .insert(siteSettings)
    .values({ key: KEY, value: availability })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: availability, updatedAt: new Date() } });
  await contentChanged();
  return readAvailability();
}
