import { and, eq } from 'drizzle-orm';
import { payments } from '#db/schema.ts';
import { database } from '#server/db.ts';
import { notFound } from '#server/errors.ts';
import { type InvoiceDocument, invoicePdf } from '#server/payments/invoice-pdf.ts';
import { readSettings } from '../settings.ts';
import { invoiceLabel, PAID_WITH } from './ledger.ts';

// The PDF of a payment's invoice, or of a refund's credit note (issue 37 §5): made when asked for,
// from the ledger row (its amounts, number and bill-to never change) and the coach's business
// details in Settings.

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The invoice of ledger row `id` (a client's own only, when `clientId` is given); 404 while it has no number. */
export async function invoiceOf(id: number, clientId?: number): Promise<{ filename: string; pdf: Uint8Array }> {
  const db = await database();
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, id), clientId === undefined ? undefined : eq(payments.clientId, clientId)));
  if (!row || row.invoiceNumber === null) throw notFound(INVOICE_NOT_FOUND);
  const settings = await readSettings();
  const [refunded] = row.refundOf
    ? await db.select({ number: payments.invoiceNumber }).from(payments).where(eq(payments.id, row.refundOf))
    : [];
  const total = Math.abs(row.amountMinor);
  const tax = Math.abs(row.taxMinor);
  const number = invoiceLabel(row.invoiceNumber);
  const lineMinor = row.taxRateBasisPoints && !row.taxInclusive ? total - tax : total;
  const document: InvoiceDocument = {
    kind: row.kind === 'refund' ? 'credit_note' : 'invoice',
    number,
    ...(refunded?.number ? { refundsNumber: invoiceLabel(refunded.number) } : {}),
    issuedAt: row.settledAt ?? row.createdAt,
    timeZone: settings.timeZone,
    currency: row.currency,
    seller: {
      name: settings.businessName || settings.coachName,
      address: settings.businessAddress,
      taxId: settings.taxId,
      email: settings.contactEmail,
    },
    billTo: {
      name: row.payerName,
      email: row.payerEmail,
      company: row.billTo?.company ?? '',
      companyAddress: row.billTo?.address ?? '',
      companyTaxId: row.billTo?.taxId ?? '',
    },
    // A price with tax added on top is listed net; one that includes it, as paid.
    lines: [{ description: row.description, quantity: 1, unitMinor: lineMinor, totalMinor: lineMinor }],
    tax: row.taxRateBasisPoints ? { rateBasisPoints: row.taxRateBasisPoints, inclusive: row.taxInclusive } : null,
    subtotalMinor: total - tax,
    taxMinor: tax,
    totalMinor: total,
    paidWith: PAID_WITH[row.method],
    paidAt: row.settledAt ?? row.createdAt,
  };
  const kind = row.kind === 'refund' ? 'credit-note' : 'invoice';
  return { filename: `${kind}-${number}.pdf`, pdf: await invoicePdf(document) };
}
