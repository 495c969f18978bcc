// `bun run admin:create -- --email E [--role admin|user]`: creates an account; the password is
// asked for twice without echo, or read from standard input (scripts/lib/read-password.ts). No
// message of this command repeats it.
import { parseArgs } from 'node:util';
import { newUserSchema } from '../server/auth/password-policy.ts';
import { openAppDatabase, shutdown } from '../server/boot.ts';
import { HttpError } from '../server/errors.ts';
import { createUser } from '../server/services/users.ts';
import { PasswordNotRead, readPassword } from './lib/read-password.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
const password = await readPassword(`Password for ${values.email}: `).catch((error: unknown) => {
  if (!(error instanceof PasswordNotRead)) throw error;
  console.error(error.message);
  process.exit(error.exitCode);
});
const parsed = newUserSchema.safeParse({ email: values.email, role: values.role, password });
if (!parsed.success) {
  console.error(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  process.exit(1);
}
try {
  await openAppDatabase();
  const user = await createUser(parsed.data);
  console.log(`Created ${user.role} ${user.email} (id ${user.id}).`);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await shutdown();
}
