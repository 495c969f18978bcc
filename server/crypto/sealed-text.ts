import { sha256 } from '@oslojs/crypto/sha2';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { env } from '../env.ts';

// Text encrypted at rest (issue 35 §6: session notes; issue 34: calendar passwords), so a database
// dump or a backup alone reveals nothing. AES-256-GCM from WebCrypto with a fresh 96-bit nonce per
// sealing; the record it belongs to is bound in as additional data, so a sealed value copied into
// another row does not open there. A sealed value reads `v1.<key id>.<nonce>.<ciphertext+tag>`:
// the key id (a hash of the key, never the key) says which key opens it, so a rotation can find
// what still needs re-encrypting and a wrong key is named as such rather than reported as damage.

export const ENCRYPTION_KEY_MISSING =
  'Encryption is not set up: set ENCRYPTION_KEY to 32 random bytes in base64 (openssl rand -base64 32) and restart the site';

export class SealedTextError extends Error {}

interface SealingKey {
  id: string;
  key: CryptoKey;
}

const VERSION = 'v1';
const encoder = new TextEncoder();

/** A short public name of a key: the first 8 bytes of its SHA-256, base64url. */
export const keyIdOf = (raw: Uint8Array) => encodeBase64urlNoPadding(sha256(raw).slice(0, 8));

/** base64url to bytes WebCrypto takes (an ArrayBuffer of its own). */
const bytes = (base64url: string) => new Uint8Array(decodeBase64urlIgnorePadding(base64url));

const imported = new Map<string, Promise<SealingKey>>();

function sealingKey(base64: string): Promise<SealingKey> {
  let key = imported.get(base64);
  if (!key) {
    const raw = Uint8Array.from(Buffer.from(base64, 'base64'));
    key = crypto.subtle
      .importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
      .then((cryptoKey) => ({ id: keyIdOf(raw), key: cryptoKey }));
    imported.set(base64, key);
  }
  return key;
}

/** The key new values are sealed with, and the one before it (read only, during a rotation). */
async function keys(): Promise<{ current: SealingKey | null; previous: SealingKey | null }> {
  const { ENCRYPTION_KEY, ENCRYPTION_KEY_PREVIOUS } = env();
  return {
    current: ENCRYPTION_KEY ? await sealingKey(ENCRYPTION_KEY) : null,
    previous: ENCRYPTION_KEY_PREVIOUS ? await sealingKey(ENCRYPTION_KEY_PREVIOUS) : null,
  };
}

export const isEncryptionConfigured = () => env().ENCRYPTION_KEY !== undefined;

/** The id of the key new values are sealed with; null without one. */
export async function currentKeyId(): Promise<string | null> {
  return (await keys()).current?.id ?? null;
}

/** The id of the key a sealed value needs. */
export const keyIdOfSealed = (sealed: string) => sealed.split('.')[1] ?? '';

/** Encrypts `text` for the record named by `context` (such as `session_notes:42`). */
export async function seal(text: string, context: string): Promise<string> {
  const { current } = await keys();
  if (!current) throw new SealedTextError(ENCRYPTION_KEY_MISSING);
  const nonce = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: encoder.encode(context) },
    current.key,
    encoder.encode(text),
  );
  return [VERSION, current.id, encodeBase64urlNoPadding(nonce), encodeBase64urlNoPadding(new Uint8Array(ciphertext))].join('.');
}

/** Decrypts what seal() gave for the same context, with the current key or the previous one. */
export async function unseal(sealed: string, context: string): Promise<string> {
  const [version, keyId, nonce, ciphertext] = sealed.split('.');
  if (version !== VERSION || !keyId || !nonce || !ciphertext) throw new SealedTextError('The encrypted text is not in a known format');
  const { current, previous } = await keys();
  if (!current && !previous) throw new SealedTextError(ENCRYPTION_KEY_MISSING);
  const key = [current, previous].find((candidate) => candidate?.id === keyId);
  if (!key) {
    throw new SealedTextError(
      `This text was encrypted with another key (key id ${keyId}): set ENCRYPTION_KEY, or ENCRYPTION_KEY_PREVIOUS during a rotation, to that key`,
    );
  }
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes(nonce), additionalData: encoder.encode(context) },
      key.key,
      bytes(ciphertext),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new SealedTextError('The encrypted text does not open with its key: it was changed or belongs to another record');
  }
}
