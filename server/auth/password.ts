// Passwords: Bun.password's argon2id (m=64 MiB, t=2), verified as received (ASVS 6.2.8, docs/security.md, 11.4.2).

export const hashPassword = (password: string) => Bun.password.hash(password, { algorithm: 'argon2id' });

export const verifyPassword = (password: string, hash: string) => Bun.password.verify(password, hash);

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same verification work for an unknown e-mail as for a known one, so the answer
 * time does not reveal which accounts exist (ASVS 6.3.1, docs/security.md).
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await dummyHash);
  return false;
}
