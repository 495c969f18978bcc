import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { clientPackages, clients, creditLedger, type Package, packages } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { badRequest, notFound } from '#server/errors.ts';
import { CLIENT_NOT_FOUND, type ClientPackageBalance } from '#src/schemas/client.ts';
import { ADJUST_BELOW_ZERO, CLIENT_PACKAGE_NOT_FOUND, type CreditKind, PACKAGE_NOT_FOUND } from '#src/schemas/credits.ts';

// The credit ledger (issue 35 §3). A client's package holds credits; every change is a row of
// credit_ledger (append-only: a trigger refuses to change one), and what is left is the sum of the
// package's rows. A booking takes one credit inside its own transaction, after locking the client's
// packages: two bookings never both take the last one, on one instance or several.

const DAY_MS = 24 * 60 * 60 * 1000;

const left = sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int`;

/** Whether a grant's credits can still be used at `now`. */
const unexpired = (now: Date) => or(isNull(clientPackages.expiresAt), gt(clientPackages.expiresAt, now));

async function record(tx: Database, clientPackageId: number, kind: CreditKind, amount: number, reason: string, bookingId?: number) {
  await tx.insert(creditLedger).values({ clientPackageId, kind, amount, reason, bookingId: bookingId ?? null });
}

/** A client's packages with what is left of each, the usable ones first (soonest expiry first). */
export async function packageBalances(db: Database, clientId: number, now = new Date()): Promise<ClientPackageBalance[]> {
  const rows = await db
    .select({ grant: clientPackages, left })
    .from(clientPackages)
    .leftJoin(creditLedger, eq(creditLedger.clientPackageId, clientPackages.id))
    .where(eq(clientPackages.clientId, clientId))
    .groupBy(clientPackages.id)
    .orderBy(sql`${clientPackages.expiresAt} asc nulls last`, asc(clientPackages.id));
  return rows.map(({ grant, left }) => ({
    id: grant.id,
    name: grant.name,
    sessions: grant.sessions,
    left,
    sessionTypeIds: grant.sessionTypeIds,
    expiresAt: grant.expiresAt?.toISOString() ?? null,
    expired: grant.expiresAt !== null && grant.expiresAt <= now,
    note: grant.note,
    grantedAt: grant.createdAt.toISOString(),
  }));
}

/** Credits left across the client's packages that have not expired. */
export const creditsLeft = (balances: ClientPackageBalance[]) =>
  balances.filter((balance) => !balance.expired).reduce((sum, balance) => sum + balance.left, 0);

/** Grants a package to a client: its terms as they are now, and its sessions as credits. */
export async function grantPackage(clientId: number, packageId: number, note: string, now = new Date()): Promise<ClientPackageBalance[]> {
  const db = await database();
  await db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (!client) throw notFound(CLIENT_NOT_FOUND);
    const [pack] = await tx.select().from(packages).where(eq(packages.id, packageId));
    if (!pack) throw notFound(PACKAGE_NOT_FOUND);
    await grantPackageIn(tx, clientId, pack, note, now);
  });
  return packageBalances(db, clientId, now);
}

/** Grants a package on its terms now, in the caller's transaction; returns the grant's id. */
export async function grantPackageIn(tx: Database, clientId: number, pack: Package, note: string, now: Date): Promise<number> {
  const [grant] = await tx
    .insert(clientPackages)
    .values({
      clientId,
      packageId: pack.id,
      name: pack.name,
      sessions: pack.sessions,
      sessionTypeIds: pack.sessionTypeIds,
      expiresAt: pack.validDays === null ? null : new Date(now.getTime() + pack.validDays * DAY_MS),
      note,
    })
    .returning({ id: clientPackages.id });
  await record(tx, grant!.id, 'granted', pack.sessions, note);
  return grant!.id;
}

/** Locks a client's packages until the transaction ends: their credits change one writer at a time. */
async function lockPackagesOf(tx: Database, clientId: number): Promise<void> {
  await tx.select({ id: clientPackages.id }).from(clientPackages).where(eq(clientPackages.clientId, clientId)).for('update');
}

/**
 * Takes one credit for a booking of `sessionTypeId`, in the booking's transaction: from the usable
 * package that covers it and expires first. Answers the package used, or null when none has a credit.
 */
export async function takeCredit(tx: Database, clientId: number, sessionTypeId: number, bookingId: number, now: Date) {
  await lockPackagesOf(tx, clientId);
  const [usable] = await tx
    .select({ id: clientPackages.id, name: clientPackages.name, left })
    .from(clientPackages)
    .leftJoin(creditLedger, eq(creditLedger.clientPackageId, clientPackages.id))
    .where(and(eq(clientPackages.clientId, clientId), unexpired(now), sql`${sessionTypeId} = any(${clientPackages.sessionTypeIds})`))
    .groupBy(clientPackages.id)
    .having(sql`coalesce(sum(${creditLedger.amount}), 0) > 0`)
    .orderBy(sql`${clientPackages.expiresAt} asc nulls last`, asc(clientPackages.id))
    .limit(1);
  if (!usable) return null;
  await record(tx, usable.id, 'used', -1, '', bookingId);
  return { clientPackageId: usable.id, name: usable.name, left: usable.left - 1 };
}

/**
 * The credits left now across the client's unexpired packages that cover `sessionTypeId`: how
 * many bookings of it takeCredit would still pay for. With `lock`, in the transaction that is about
 * to take them, the client's packages are locked first (as takeCredit does), so the count holds.
 */
export async function coveringCredits(db: Database, clientId: number, sessionTypeId: number, now: Date, { lock = false } = {}) {
  if (lock) await lockPackagesOf(db, clientId);
  const rows = await db
    .select({ left })
    .from(clientPackages)
    .leftJoin(creditLedger, eq(creditLedger.clientPackageId, clientPackages.id))
    .where(and(eq(clientPackages.clientId, clientId), unexpired(now), sql`${sessionTypeId} = any(${clientPackages.sessionTypeIds})`))
    .groupBy(clientPackages.id);
  return rows.reduce((sum, row) => sum + Math.max(0, row.left), 0);
}

/** The package credit a booking used, and what became of it since: still used, returned or forfeited. */
async function creditStateOf(db: Database, bookingId: number) {
  const rows = await db
    .select({ clientPackageId: creditLedger.clientPackageId, kind: creditLedger.kind })
    .from(creditLedger)
    .where(eq(creditLedger.bookingId, bookingId))
    .orderBy(asc(creditLedger.id));
  const used = rows.find((row) => row.kind === 'used');
  if (!used) return null;
  const last = rows.findLast((row) => row.kind === 'returned' || row.kind === 'forfeited');
  return { clientPackageId: used.clientPackageId, state: (last?.kind ?? 'used') as 'used' | 'returned' | 'forfeited' };
}

/** A booking cancelled in time (or by the coach): its credit comes back. Answers whether it had one. */
export async function returnCredit(tx: Database, bookingId: number, reason: string): Promise<boolean> {
  const credit = await creditStateOf(tx, bookingId);
  if (credit?.state !== 'used') return false;
  await record(tx, credit.clientPackageId, 'returned', 1, reason, bookingId);
  return true;
}

/** A late cancellation or a no-show: the used credit stays used, and the ledger says why. */
export async function forfeitCredit(tx: Database, bookingId: number, reason: string): Promise<boolean> {
  const credit = await creditStateOf(tx, bookingId);
  if (credit?.state !== 'used') return false;
  await record(tx, credit.clientPackageId, 'forfeited', 0, reason, bookingId);
  return true;
}

/** The coach adds or takes away credits of one of the client's packages, with the reason. */
export async function adjustCredits(clientId: number, clientPackageId: number, amount: number, reason: string, now = new Date()) {
  const db = await database();
  await db.transaction(async (tx) => {
    await lockPackagesOf(tx, clientId);
    const [balance] = await tx
      .select({ left })
      .from(clientPackages)
      .leftJoin(creditLedger, eq(creditLedger.clientPackageId, clientPackages.id))
      .where(and(eq(clientPackages.id, clientPackageId), eq(clientPackages.clientId, clientId)))
      .groupBy(clientPackages.id);
    if (!balance) throw notFound(CLIENT_PACKAGE_NOT_FOUND);
    if (balance.left + amount < 0) throw badRequest(ADJUST_BELOW_ZERO);
    await record(tx, clientPackageId, 'adjusted', amount, reason);
  });
  return packageBalances(db, clientId, now);
}

/**
 * Writes off what is left of every package past its expiry, one 'expired' row each (a credit
 * returned after expiry is written off at the next pass). Packages are claimed with SKIP LOCKED:
 * two instances never expire one twice. Answers how many packages it wrote off.
 */
export async function expireCredits(now = new Date()): Promise<number> {
  const db = await database();
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: clientPackages.id })
      .from(clientPackages)
      .where(lte(clientPackages.expiresAt, now))
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const balances = await tx
      .select({ id: creditLedger.clientPackageId, left })
      .from(creditLedger)
      .where(
        inArray(
          creditLedger.clientPackageId,
          due.map((row) => row.id),
        ),
      )
      .groupBy(creditLedger.clientPackageId);
    const withCredits = balances.filter((balance) => balance.left > 0);
    for (const balance of withCredits) await record(tx, balance.id, 'expired', -balance.left, 'The package expired');
    return withCredits.length;
  });
}

/** The credit a booking used: its package, what is left of it now, and whether it was used, returned or forfeited. */
export async function creditOfBooking(db: Database, bookingId: number) {
  const credit = await creditStateOf(db, bookingId);
  if (!credit) return null;
  const [grant] = await db
    .select({ name: clientPackages.name, expiresAt: clientPackages.expiresAt, left })
    .from(clientPackages)
    .leftJoin(creditLedger, eq(creditLedger.clientPackageId, clientPackages.id))
    .where(eq(clientPackages.id, credit.clientPackageId))
    .groupBy(clientPackages.id);
  return { package: grant!.name, left: grant!.left, expiresAt: grant!.expiresAt, state: credit.state };
}

/** The coach's override: a booking's credit comes back unless it already has. Answers whether it did. */
export async function returnCreditAnyway(tx: Database, bookingId: number, reason: string): Promise<boolean> {
  const credit = await creditStateOf(tx, bookingId);
  if (!credit || credit.state === 'returned') return false;
  await record(tx, credit.clientPackageId, 'returned', 1, reason, bookingId);
  return true;
}
