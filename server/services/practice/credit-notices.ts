import { and, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { clientPackages, clients, creditLedger } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { creditsExpiringEmail, lastCreditEmail } from '#server/mail/credit-templates.ts';
import { enqueueEmail } from '#server/mail/outbox.ts';
import { mailBrand, readSettings } from '../settings.ts';
import { expireCredits } from './credits.ts';

// The package emails (issue 35 §3), queued by the scheduler in every instance: "one credit left"
// once per package, "credits expire in 14 days" once per package, and what is left written off
// when a package expires. Packages are claimed with SKIP LOCKED and marked in the transaction that
// queues their email: two instances never send one twice.

const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_NOTICE_DAYS = 14;
const BATCH = 50;

const left = sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int`;

/** Queues the due package emails and expires what is past its date; answers how many emails it queued. */
export async function queueCreditNotices(now = new Date()): Promise<number> {
  await expireCredits(now);
  const db = await database();
  const soon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  const live = or(isNull(clientPackages.expiresAt), gt(clientPackages.expiresAt, now));
  // Packages whose email is due, by what is left of them (read without a lock: the claim below
  // locks each and the loop checks it again).
  const candidates = await db
    .select({ id: clientPackages.id })
    .from(clientPackages)
    .leftJoin(creditLedger, eq(creditLedger.clientPackageId, clientPackages.id))
    .where(live)
    .groupBy(clientPackages.id)
    .having(
      or(
        and(isNull(clientPackages.lowNoticeAt), sql`${left} = 1`),
        and(isNull(clientPackages.expiryNoticeAt), lte(clientPackages.expiresAt, soon), sql`${left} > 0`),
      ),
    )
    .limit(BATCH);
  // Most passes find nothing: one read then, no transaction.
  if (candidates.length === 0) return 0;
  const [brand, { timeZone: siteZone }] = await Promise.all([mailBrand(), readSettings()]);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: clientPackages.id })
      .from(clientPackages)
      .where(
        inArray(
          clientPackages.id,
          candidates.map((row) => row.id),
        ),
      )
      .for('update', { skipLocked: true });
    let queued = 0;
    for (const { id } of claimed) {
      const [row] = await tx
        .select({ grant: clientPackages, client: clients, left })
        .from(clientPackages)
        .innerJoin(clients, eq(clients.id, clientPackages.clientId))
        .leftJoin(creditLedger, eq(creditLedger.clientPackageId, clientPackages.id))
        .where(eq(clientPackages.id, id))
        .groupBy(clientPackages.id, clients.id);
      const { grant, client } = row!;
      const held = { name: client.name, package: grant.name, left: row!.left, expiresAt: grant.expiresAt };
      const timeZone = client.timeZone ?? siteZone;
      // A client who turned these off in their portal is not sent them; the package is marked all the same.
      const wanted = client.emailCreditNotices;
      if (grant.lowNoticeAt === null && held.left === 1) {
        await tx.update(clientPackages).set({ lowNoticeAt: now }).where(eq(clientPackages.id, id));
        if (wanted) {
          await enqueueEmail(tx, { kind: 'credit_low', to: client.email, ...lastCreditEmail(brand, held, timeZone) });
          queued++;
        }
      }
      if (grant.expiryNoticeAt === null && grant.expiresAt !== null && grant.expiresAt <= soon && held.left > 0) {
        await tx.update(clientPackages).set({ expiryNoticeAt: now }).where(eq(clientPackages.id, id));
        if (wanted) {
          await enqueueEmail(tx, { kind: 'credits_expiring', to: client.email, ...creditsExpiringEmail(brand, held, timeZone) });
          queued++;
        }
      }
    }
    return queued;
  });
}
