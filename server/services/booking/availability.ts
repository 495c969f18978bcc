import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { siteSettings } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { type Availability, availabilitySchema, defaultAvailability } from '#src/schemas/booking.ts';
import { readSettings } from '../settings.ts';

// The coach's availability is one row of site_settings (key below), kept apart from the settings
// screen's values. It is saved by save-availability.ts, which also moves upcoming calls when where
// calls happen changes.

const KEY = 'bookingAvailability';

/** The stored availability while it is still valid; undefined when none is (read inside a transaction too). */
export async function storedAvailability(db: Database): Promise<Availability | undefined> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  const parsed = row ? availabilitySchema.safeParse(row.value) : undefined;
  return parsed?.success ? parsed.data : undefined;
}

/** The stored availability while it is still valid, else a fresh site's in the site's time zone. */
export async function readAvailability(): Promise<Availability> {
  return (await storedAvailability(await database())) ?? defaultAvailability((await readSettings()).timeZone);
}

/** Writes the availability whole, in the caller's transaction. */
export async function storeAvailability(tx: Database, availability: Availability): Promise<void> {
  await tx
    .insert(siteSettings)
    .values({ key: KEY, value: availability })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value: availability, updatedAt: new Date() } });
}
