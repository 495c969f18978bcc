import { asc, gt } from 'drizzle-orm';
import { packages } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { paymentsEnabled } from '#server/payments/stripe.ts';
import type { PackageForSale } from '#src/schemas/payments.ts';
import { readSettings } from '../settings.ts';

/** The packages with a price online, while payments are on (none otherwise). */
export async function packagesForSale(): Promise<PackageForSale[]> {
  if (!paymentsEnabled()) return [];
  const [rows, settings] = await Promise.all([
    (await database()).select().from(packages).where(gt(packages.priceMinor, 0)).orderBy(asc(packages.name), asc(packages.id)),
    readSettings(),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sessions: row.sessions,
    validDays: row.validDays,
    priceMinor: row.priceMinor!,
    currency: settings.currency,
  }));
}
