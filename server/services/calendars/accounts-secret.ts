import { eq } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { type CalendarAccount, calendarAccounts } from '#db/schema.ts';
import { seal, unseal } from '#server/crypto/sealed-text.ts';
import type { CalDavLogin } from './remote.ts';

// A calendar account's secret (a feed's address, a CalDAV app password) is sealed for its own row:
// copied into another row it does not open.

export const accountContext = (id: number) => `calendar_accounts:${id}`;

export const sealSecret = (id: number, secret: string) => seal(secret, accountContext(id));

export const openSecret = (account: Pick<CalendarAccount, 'id' | 'secret'>) => unseal(account.secret, accountContext(account.id));

/** A CalDAV account's sign-in, its password opened. */
export async function calDavLogin(account: CalendarAccount): Promise<CalDavLogin> {
  return { serverUrl: account.serverUrl!, username: account.username!, password: await openSecret(account) };
}

export async function accountOf(db: Database, id: number): Promise<CalendarAccount | undefined> {
  const [account] = await db.select().from(calendarAccounts).where(eq(calendarAccounts.id, id));
  return account;
}
