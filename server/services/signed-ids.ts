import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { appSecretKey } from './app-secrets.ts';

// A row's id signed with a key kept in the database, for links sent by email (unsubscribe, manage
// a booking): nothing per link is stored, every instance checks with the same key, and a changed
// id or signature does not verify. Each purpose has its own key, so one link never opens another.

const signature = (key: Uint8Array, purpose: string, id: number) =>
  hmac(SHA256, key, new TextEncoder().encode(`${purpose}:${id}`)).slice(0, 16);
const keyOf = (purpose: string) => appSecretKey(`${purpose}-hmac`);

/**
 * Makes tokens for a purpose. Take it before a transaction: the key may first have to be read (or
 * made), and PGlite's one connection is the transaction's until it ends.
 */
export async function signedIdTokens(purpose: string): Promise<(id: number) => string> {
  const key = await keyOf(purpose);
  return (id) => `${id}.${encodeBase64urlNoPadding(signature(key, purpose, id))}`;
}

/** The id a token was made for under this purpose, or null for anything else. */
export async function idOfSignedToken(purpose: string, token: string): Promise<number | null> {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  let given: Uint8Array;
  try {
    given = decodeBase64urlIgnorePadding(match[2]!);
  } catch {
    return null;
  }
  return constantTimeEqual(given, signature(await keyOf(purpose), purpose, id)) ? id : null;
}
