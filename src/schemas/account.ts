import { z } from 'zod';

// The account page (/admin/account) and the sign-in's second step: two-factor sign-in (TOTP,
// RFC 6238) with one-time recovery codes, and the account's sessions (docs/security.md).

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes';
export const PASSWORD_OR_CODE_MESSAGE = 'Enter your password or a code from your authenticator app';

/** Six digits; spaces (as apps show them, "123 456") are ignored. */
export const totpCodeSchema = z
  .string(TOTP_CODE_MESSAGE)
  .max(20, TOTP_CODE_MESSAGE)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** A recovery code as shown (xxxx-xxxx-xxxx-xxxx); case, spaces and hyphens are ignored when compared. */
export const recoveryCodeSchema = z.string(RECOVERY_CODE_MESSAGE).trim().min(1, RECOVERY_CODE_MESSAGE).max(64, RECOVERY_CODE_MESSAGE);

/** POST /api/auth/login/second-factor: a code from the app, or a recovery code. */
export const secondFactorSchema = z
  .strictObject({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), { message: TOTP_CODE_MESSAGE, path: ['code'] });
export type SecondFactorInput = z.infer<typeof secondFactorSchema>;

/** The answer of a sign-in whose password was right, for an account with two-factor sign-in. */
export interface TwoFactorRequired {
  twoFactorRequired: true;
}

/** POST /api/admin/account/two-factor/confirm: the first code, proving the app has the secret. */
export const confirmTwoFactorSchema = z.strictObject({ code: totpCodeSchema });

/** Turning two-factor sign-in off, or making new recovery codes: the current password, or a code. */
export const reauthenticationSchema = z
  .strictObject({
    password: z
      .string(PASSWORD_OR_CODE_MESSAGE)
      .min(1, PASSWORD_OR_CODE_MESSAGE)
      .max(256, 'Password must be at most 256 characters')
      .optional(),
    code: totpCodeSchema.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    message: PASSWORD_OR_CODE_MESSAGE,
    path: ['password'],
  });
export type ReauthenticationInput = z.infer<typeof reauthenticationSchema>;

/** PUT /api/admin/account/require-two-factor (the owner only). */
export const requireTwoFactorSchema = z.strictObject({ required: z.boolean('Required must be true or false') });

/** What the app is given to set up: the secret as text (for typing in), its otpauth:// URI, and that URI as a QR code. */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
  /** An SVG image of the QR code, as a data: URL. */
  qrCode: string;
}

/** The ten recovery codes, shown once. */
export interface RecoveryCodes {
  recoveryCodes: string[];
}

export interface TwoFactorStatus {
  enabled: boolean;
  /** When it was turned on (ISO), or null. */
  enabledAt: string | null;
  /** Unused recovery codes. */
  recoveryCodesLeft: number;
}

export interface AccountSession {
  /** A handle for this session (not its token, nor its stored id). */
  id: string;
  browser: string;
  os: string;
  createdAt: string;
  lastActiveAt: string;
  /** The session of the browser asking. */
  current: boolean;
}

export interface AccountOverview {
  email: string;
  isOwner: boolean;
  twoFactor: TwoFactorStatus;
  /** The owner's switch: every admin must sign in with two factors. */
  requireTwoFactor: boolean;
  sessions: AccountSession[];
}

/** The 403 of every admin call while the owner requires two factors and this account has none. */
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-factor sign-in to continue';
