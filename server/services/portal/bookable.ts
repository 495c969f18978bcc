import { asc } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { sessionTypes } from '#db/schema.ts';
import type { ClientPackageBalance } from '#src/schemas/client.ts';
import type { PortalBookable } from '#src/schemas/portal.ts';
import { bookingPath } from '#src/schemas/session-type.ts';
import { sessionTypeOf } from '../session-types.ts';

// The session types a client may book from their portal (issue 36 §3): the ones /book lists for
// anyone, and any type a package of theirs covers while it has credits — the credit named as the
// booking will take it (the soonest to expire first, as takeCredit does). Booking itself is /book's.

export async function bookableFor(db: Database, balances: ClientPackageBalance[]): Promise<PortalBookable[]> {
  const types = (await db.select().from(sessionTypes).orderBy(asc(sessionTypes.position), asc(sessionTypes.id))).map(sessionTypeOf);
  const usable = balances.filter((balance) => !balance.expired && balance.left > 0);
  return types.flatMap((type) => {
    if (type.intro) return [];
    const covering = usable.find((balance) => balance.sessionTypeIds.includes(type.id));
    const open = type.access === 'anyone' && type.listed;
    if (!covering && !open) return [];
    return [
      {
        path: bookingPath(type),
        name: type.name,
        minutes: type.minutes,
        credit: covering ? { package: covering.name, left: covering.left } : null,
      },
    ];
  });
}
