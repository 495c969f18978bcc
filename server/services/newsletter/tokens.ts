import { hmac } from '@oslojs/crypto/hmac';
import { SHA256, sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { appSecretKey } from '../app-secrets.ts';

// Two kinds of link token. A confirmation token is random and stored only as its SHA-256 (it is
// used once). An unsubscribe token is the subscriber's id signed with a key kept in the database:
// every newsletter carries it, so it must be made again at each send, and nothing per subscriber
// needs storing; a changed id or signature does not verify.

export const randomToken = () => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

const UNSUBSCRIBE_KEY = 'unsubscribe-hmac';
const unsubscribeKey = () => appSecretKey(UNSUBSCRIBE_KEY);

const signature = (key: Uint8Array, id: number) => hmac(SHA256, key, new TextEncoder().encode(`unsubscribe:${id}`)).slice(0, 16);

/**
 * Makes unsubscribe tokens. Take it before a transaction: the key may first have to be read (or
 * made), and PGlite's one connection is the transaction's until it ends.
 */
export async function unsubscribeTokens(): Promise<(subscriberId: number) => string> {
  const key = await unsubscribeKey();
  return (subscriberId) => `${subscriberId}.${encodeBase64urlNoPadding(signature(key, subscriberId))}`;
}

export async function unsubscribeToken(subscriberId: number): Promise<string> {
  return (await unsubscribeTokens())(subscriberId);
}

/** The subscriber id a token was made for, or null for anything else. */
export async function subscriberOfToken(token: string): Promise<number | null> {
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
  return constantTimeEqual(given, signature(await unsubscribeKey(), id)) ? id : null;
}
