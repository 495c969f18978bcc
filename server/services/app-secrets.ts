import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { appSecrets } from '#db/schema.ts';
import { database } from '../db.ts';

const cached = new Map<string, Promise<Uint8Array>>();

/**
 * A 256-bit key the app makes for itself on first use (signing unsubscribe links, device cookies),
 * kept in the database so every instance signs and checks with the same one. Take it before a
 * transaction: PGlite's one connection is the transaction's until it ends.
 */
export function appSecretKey(name: string): Promise<Uint8Array> {
  let key = cached.get(name);
  if (!key) {
    key = (async () => {
      const db = await database();
      const fresh = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
      await db.insert(appSecrets).values({ name, value: fresh }).onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
      return decodeBase64urlIgnorePadding(row!.value);
    })();
    cached.set(name, key);
    key.catch(() => cached.delete(name));
  }
  return key;
}
