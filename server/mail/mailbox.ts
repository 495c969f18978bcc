import { z } from 'zod';

export interface Mailbox {
  name: string;
  address: string;
}

const addressSchema = z.email();

/**
 * `"Name" <address>`, `Name <address>` or a bare address; null for anything else, and for any
 * line break (a header must never be split into two).
 */
export function parseMailbox(value: string): Mailbox | null {
  if (/[\r\n]/.test(value)) return null;
  const match = value.trim().match(/^(?:"([^"]*)"|([^<>"]*?))\s*<([^<>\s]+)>$/);
  const name = (match?.[1] ?? match?.[2] ?? '').trim();
  const address = match ? match[3]! : value.trim();
  return addressSchema.safeParse(address).success ? { name, address } : null;
}

/** Text safe for one header line: line breaks (and other control characters) become spaces. */
export const headerText = (value: string) => value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

/** `"Name" <address>` for a header: quotes and backslashes would end the quoted name early. */
export const mailboxText = (name: string, address: string) => `"${headerText(name).replace(/["\\]/g, '')}" <${address}>`;
