import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { idOfSignedToken, signedIdTokens } from '../signed-ids.ts';

// Two kinds of link token. A confirmation token is random and stored only as its SHA-256 (it is
// used once). An unsubscribe token is the subscriber's id signed (server/services/signed-ids.ts):
// every newsletter carries it, so it must be made again at each send.

export const randomToken = () => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));

const UNSUBSCRIBE = 'unsubscribe';

/** Makes unsubscribe tokens; take it before a transaction (server/services/signed-ids.ts). */
export const unsubscribeTokens = () => signedIdTokens(UNSUBSCRIBE);

export async function unsubscribeToken(subscriberId: number): Promise<string> {
  return (await unsubscribeTokens())(subscriberId);
}

/** The subscriber id a token was made for, or null for anything else. */
export const subscriberOfToken = (token: string) => idOfSignedToken(UNSUBSCRIBE, token);
