import { z } from 'zod';
import { wholeNumber } from './booking.ts';
import { oneLine } from './client.ts';
import { priceMinorSchema } from './money.ts';

// Packages of sessions and the credit ledger (issue 35 §3). Every change of a client's credits is
// a ledger row of one kind; a package's balance is the sum of its rows' amounts.

export const CREDIT_KINDS = ['granted', 'used', 'returned', 'forfeited', 'expired', 'adjusted'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** How each movement reads in the ledger, for the coach and in the client's emails. */
export const CREDIT_KIND_LABELS: Record<CreditKind, string> = {
  granted: 'Granted',
  used: 'Used by a booking',
  returned: 'Returned (cancelled in time)',
  forfeited: 'Forfeited',
  expired: 'Expired',
  adjusted: 'Adjusted',
};

export const PACKAGE_LIMITS = {
  name: 100,
  sessions: { min: 1, max: 100 },
  validDays: { min: 1, max: 3650 },
  price: 40,
  note: 200,
  adjust: { min: -100, max: 100 },
  reason: 200,
} as const;

export const PACKAGE_NOT_FOUND = 'Package not found';
export const PACKAGE_TYPES_MESSAGE = 'A package covers at least one session type';
export const PACKAGE_TYPE_UNKNOWN = 'A session type the package covers does not exist';
export const CLIENT_PACKAGE_NOT_FOUND = 'This client has no such package';
export const ADJUST_ZERO = 'An adjustment adds or takes away at least one credit';
export const ADJUST_BELOW_ZERO = 'An adjustment cannot take away more credits than are left';
export const REASON_REQUIRED = 'Reason is required';

/** A package as the coach defines it. */
export const packageInputSchema = z.strictObject({
  name: oneLine('Name', PACKAGE_LIMITS.name).pipe(z.string().min(1, 'Name is required')),
  sessions: wholeNumber('Sessions', PACKAGE_LIMITS.sessions),
  sessionTypeIds: z
    .array(z.number(PACKAGE_TYPES_MESSAGE).int(PACKAGE_TYPES_MESSAGE).positive(PACKAGE_TYPES_MESSAGE), PACKAGE_TYPES_MESSAGE)
    .min(1, PACKAGE_TYPES_MESSAGE)
    .max(50, PACKAGE_TYPES_MESSAGE)
    .transform((ids) => [...new Set(ids)]),
  /** Days from the grant until unused credits expire; null: never. */
  validDays: wholeNumber('Valid for', PACKAGE_LIMITS.validDays).nullable(),
  price: oneLine('Price', PACKAGE_LIMITS.price),
  /** Its price online in the site currency's minor unit (issue 37): bought through Stripe; null: granted by the coach only. */
  priceMinor: priceMinorSchema.nullable().default(null),
});
export type PackageInput = z.output<typeof packageInputSchema>;

export interface SessionPackage extends PackageInput {
  id: number;
}

/** POST /api/admin/clients/:id/packages: grant a package, with the coach's note. */
export const grantPackageSchema = z.strictObject({
  packageId: z.number('packageId must be a package id').int('packageId must be a package id').positive('packageId must be a package id'),
  note: oneLine('Note', PACKAGE_LIMITS.note),
});

/** POST /api/admin/clients/:id/packages/:packageId/adjust: credits added (+) or taken (−), with the reason. */
export const adjustCreditsSchema = z.strictObject({
  amount: wholeNumber('Amount', PACKAGE_LIMITS.adjust).refine((amount) => amount !== 0, ADJUST_ZERO),
  reason: oneLine('Reason', PACKAGE_LIMITS.reason).pipe(z.string().min(1, REASON_REQUIRED)),
});

/** POST /api/admin/bookings/:id/no-show: why, if the coach says (kept in the ledger). */
export const coachReasonSchema = z.strictObject({ reason: oneLine('Reason', PACKAGE_LIMITS.reason).default('') });

/** POST /api/admin/bookings/:id/return-credit: the coach's override always says why. */
export const requiredReasonSchema = z.strictObject({
  reason: oneLine('Reason', PACKAGE_LIMITS.reason).pipe(z.string().min(1, REASON_REQUIRED)),
});
