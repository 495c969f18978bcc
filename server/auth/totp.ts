import { sha256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import {
  decodeBase32IgnorePadding,
  encodeBase32LowerCaseNoPadding,
  encodeBase32UpperCaseNoPadding,
  encodeHexLowerCase,
} from '@oslojs/encoding';
import { createTOTPKeyURI, generateHOTP } from '@oslojs/otp';
import { renderSVG } from 'uqr';

// TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30-second steps, a 160-bit
// secret (RFC 4226 §4). A code is accepted for the current step or one either side (clock drift),
// and only for a step later than the last one accepted, so no code works twice
// (docs/security.md#two-factor-sign-in).

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count. */
const DRIFT_STEPS = 1;

export const RECOVERY_CODE_COUNT = 10;

export const newTotpSecret = () => encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));

export const totpStepAt = (ms: number) => Math.floor(ms / (TOTP_PERIOD_S * 1000));

/** The otpauth:// URI the QR code carries. */
export const totpUri = (issuer: string, account: string, secret: string) =>
  createTOTPKeyURI(issuer, account, decodeBase32IgnorePadding(secret), TOTP_PERIOD_S, TOTP_DIGITS);

/** The URI as an SVG QR code, in a data: URL (img-src allows data:). */
export function qrCodeDataUrl(uri: string): string {
  const svg = renderSVG(uri, { ecc: 'M', border: 2, pixelSize: 8, blackColor: '#0b1f33', whiteColor: '#ffffff' });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The step `code` belongs to, if it is right for now ± one step and later than `lastUsedStep`;
 * else null. The latest matching step wins, so an accepted code also spends the ones before it.
 */
export function matchTotpStep(secret: string, code: string, lastUsedStep: number | null, now = Date.now()): number | null {
  const key = decodeBase32IgnorePadding(secret);
  const given = new TextEncoder().encode(code);
  const current = totpStepAt(now);
  let matched: number | null = null;
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    // Every step is computed and compared, whatever matched, so the time spent says nothing.
    const expected = new TextEncoder().encode(generateHOTP(key, BigInt(step), TOTP_DIGITS));
    if (constantTimeEqual(given, expected) && (lastUsedStep === null || step > lastUsedStep)) matched = step;
  }
  return matched;
}

/** Ten random recovery codes, 80 bits each, written xxxx-xxxx-xxxx-xxxx. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)));
    return raw.match(/.{4}/g)!.join('-');
  });
}

/** How a recovery code is stored and looked up: the SHA-256 of its letters and digits, lower case. */
export const recoveryCodeHash = (code: string) =>
  encodeHexLowerCase(sha256(new TextEncoder().encode(code.toLowerCase().replace(/[^a-z0-9]/g, ''))));
