// `bun run admin:reset-password -- --email E`: sets a new password for a locked-out account, ends
// its sessions and clears its login limit (ASVS 6.1.1, docs/security.md: the operator's way back in).
// The password is asked for twice without echo, or read from standard input
// (scripts/lib/read-password.ts); no message of this command repeats it.
import { parseArgs } from 'node:util';
import { passwordSchema } from '../server/auth/password-policy.ts';
import { openAppDatabase, shutdown } from '../server/boot.ts';
import { clearLoginLimit } from '../server/services/auth.ts';
import { findUserForLogin, setUserPassword } from '../server/services/users.ts';
import { PasswordNotRead, readPassword } from './lib/read-password.ts';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
try {
  await openAppDatabase();
  const user = values.email ? await findUserForLogin(values.email) : null;
  if (!user) {
    console.error(`No account with the e-mail ${values.email ?? '(missing --email)'}.`);
    process.exitCode = 1;
  } else {
    const parsed = passwordSchema.safeParse(await readPassword(`New password for ${user.email}: `));
    if (!parsed.success) {
      console.error(parsed.error.issues.map((issue) => issue.message).join('\n'));
      process.exitCode = 1;
    } else {
      await setUserPassword(user.id, parsed.data);
      await clearLoginLimit(user.email);
      console.log(`Password reset for ${user.email}; their sessions have ended.`);
    }
  }
} catch (error) {
  if (!(error instanceof PasswordNotRead)) throw error;
  console.error(error.message);
  process.exitCode = error.exitCode;
} finally {
  await shutdown();
}
