// The practice tests' shared pieces (tests/api/practice.test.ts, booking-series.test.ts): a paid
// coaching session only for clients with a credit, and a clean slate of clients, packages, the
// ledger, bookings and every session type but the intro call.
import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { bookings, clientPackages, clients, contactMessages, creditLedger, packages, sessionTypes } from '#db/schema.ts';
import type { SessionTypeInput } from '#src/schemas/session-type.ts';

export const COACHING: SessionTypeInput = {
  name: 'Coaching session',
  slug: 'coaching',
  description: '',
  minutes: 60,
  bufferMinutes: 0,
  minNoticeHours: 0,
  dailyCap: null,
  location: null,
  access: 'clients',
  listed: true,
  cancelCutoffHours: 24,
  maxReschedules: 1,
  priceMinor: null,
  questions: [],
};

/** Removes the practice's rows, the ledger first (it refers to packages and bookings). */
export async function clearPractice(db: Database): Promise<void> {
  await db.delete(creditLedger);
  await db.delete(clientPackages);
  await db.delete(packages);
  await db.delete(bookings);
  await db.delete(clients);
  await db.delete(contactMessages);
  await db.delete(sessionTypes).where(eq(sessionTypes.intro, false));
}
