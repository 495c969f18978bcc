import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type Package, packages, sessionTypes } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { PACKAGE_NOT_FOUND, PACKAGE_TYPE_UNKNOWN, type PackageInput, type SessionPackage } from '#src/schemas/credits.ts';

// The packages the coach defines (issue 35 §3): so many sessions of these types, valid so long.
// A grant copies the package's terms, so editing or deleting a package changes no client's credits.

const toPackage = (row: Package): SessionPackage => ({
  id: row.id,
  name: row.name,
  sessions: row.sessions,
  sessionTypeIds: row.sessionTypeIds,
  validDays: row.validDays,
  price: row.price,
  priceMinor: row.priceMinor && row.priceMinor > 0 ? row.priceMinor : null,
});

/** A 400 unless every type the package covers exists. */
async function assertTypesExist(db: Database, ids: number[]): Promise<void> {
  const found = await db.select({ id: sessionTypes.id }).from(sessionTypes).where(inArray(sessionTypes.id, ids));
  if (found.length !== ids.length) throw badRequest(PACKAGE_TYPE_UNKNOWN);
}

export async function listPackages(): Promise<SessionPackage[]> {
  const rows = await (await database()).select().from(packages).orderBy(asc(packages.name), asc(packages.id));
  return rows.map(toPackage);
}

export async function createPackage(input: PackageInput): Promise<SessionPackage> {
  const db = await database();
  await assertTypesExist(db, input.sessionTypeIds);
  const [row] = await db.insert(packages).values(input).returning();
  return toPackage(row!);
}

export async function updatePackage(id: number, input: PackageInput): Promise<SessionPackage> {
  const db = await database();
  await assertTypesExist(db, input.sessionTypeIds);
  const [row] = await db
    .update(packages)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(packages.id, id))
    .returning();
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
  return toPackage(row);
}

/** Deletes a package: the clients it was granted to keep their credits, on its terms. */
export async function deletePackage(id: number): Promise<void> {
  const [row] = await (await database()).delete(packages).where(eq(packages.id, id)).returning({ id: packages.id });
  if (!row) throw notFound(PACKAGE_NOT_FOUND);
}
