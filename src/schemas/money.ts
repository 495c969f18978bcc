import { z } from 'zod';

// Money (issue 37): amounts are integers in the currency's minor unit (cents, pence; yen have
// none), one ISO 4217 currency for the whole site, and tax rates in basis points (2000 = 20%).
// No floating point ever holds an amount: only formatting divides, and only for display.

/** How many minor-unit digits a currency has (2 for EUR, 0 for JPY, 3 for BHD), as Intl knows it. */
export function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A currency this runtime knows, upper case (EUR, GBP, USD). */
export function isCurrency(value: string): boolean {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  return (Intl.supportedValuesOf?.('currency') ?? []).includes(value);
}

/** An amount as a reader sees it: "€1,234.50", "¥5,000". */
export function formatMoney(minor: number, currency: string, locale = 'en-GB'): string {
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: digits }).format(minor / 10 ** digits);
}

/** An amount typed by the coach ("120", "120.5", "1,200.00") in minor units; null when it is not one. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim().replaceAll(',', ''));
  if (!match || (match[2] ?? '').length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number((match[2] ?? '').padEnd(digits, '0') || 0);
}

/** An amount written for a form field: 12050 EUR → "120.50". */
export function moneyInput(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  if (digits === 0) return String(minor);
  return `${Math.trunc(minor / 10 ** digits)}.${String(minor % 10 ** digits).padStart(digits, '0')}`;
}

/** Half-up division of integers: the rounding receipts use. */
const divideRounded = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/** The tax in an amount: inside a tax-inclusive price, or added on top of a net one. */
export function taxOf(amountMinor: number, rateBasisPoints: number, inclusive: boolean): number {
  if (rateBasisPoints === 0) return 0;
  return inclusive
    ? divideRounded(amountMinor * rateBasisPoints, 10_000 + rateBasisPoints)
    : divideRounded(amountMinor * rateBasisPoints, 10_000);
}

/** What a price comes to: net, tax and the total the client pays. */
export function priceBreakdown(priceMinor: number, rateBasisPoints: number, inclusive: boolean) {
  const tax = taxOf(priceMinor, rateBasisPoints, inclusive);
  return inclusive
    ? { netMinor: priceMinor - tax, taxMinor: tax, totalMinor: priceMinor }
    : { netMinor: priceMinor, taxMinor: tax, totalMinor: priceMinor + tax };
}

/** A rate as people write it: 2000 → "20%", 550 → "5.5%". */
export const formatRate = (basisPoints: number) => `${(basisPoints / 100).toString()}%`;

export const MAX_PRICE_MINOR = 100_000_000;

/** A price in minor units: a whole number from 0 (free) up to a million in major units. */
export const priceMinorSchema = z
  .number('Price must be a number')
  .int('Price must be a whole number of cents')
  .min(0, 'Price must not be negative')
  .max(MAX_PRICE_MINOR, 'Price is too large');

/** A tax rate in basis points, 0–100%. */
export const taxRateSchema = z
  .number('Tax rate must be a number')
  .int('Tax rate must be in hundredths of a percent')
  .min(0, 'Tax rate must not be negative')
  .max(10_000, 'Tax rate must be at most 100%');

export const currencySchema = z
  .string('Currency must be text')
  .trim()
  .transform((value) => value.toUpperCase())
  .refine(isCurrency, 'Currency must be a three-letter ISO code such as EUR, GBP or USD');
