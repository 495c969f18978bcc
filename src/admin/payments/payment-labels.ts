import type { BadgeTone } from '#src/components/ui/badge.tsx';
import type { HoldEntry, PaymentMethod, PaymentStatus } from '#src/schemas/payments.ts';

// How Admin → Payments names a ledger row's method and state, and a hold's (issue 37 §7).

export const METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Card', bank_transfer: 'Bank transfer', cash: 'Cash' };

export const STATUS_BADGES: Record<PaymentStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'accent' },
  succeeded: { label: 'Succeeded', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export const HOLD_BADGES: Record<HoldEntry['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Paying now', tone: 'accent' },
  paid: { label: 'Paid', tone: 'success' },
  released: { label: 'Released', tone: 'neutral' },
};
