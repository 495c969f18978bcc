import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { users } from '#db/schema.ts';
import type { Brand } from '../mail/layout.ts';

/** Where the coach hears of the site's news: the contact email of the settings, else the owner's own address. */
export async function coachAddress(tx: Database, brand: Pick<Brand, 'contactEmail'>): Promise<string | null> {
  if (brand.contactEmail) return brand.contactEmail;
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.isOwner, true));
  return owner?.email ?? null;
}
