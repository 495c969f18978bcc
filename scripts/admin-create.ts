// `bun run admin:create -- --email E [--role admin|user]`: creates an account; the password is
// asked for, or read from standard input.
import { parseArgs } from 'node:util';
import { openAppDatabase, shutdown } from '../server/boot.ts';
import { HttpError } from '../server/errors.ts';
import { createUser } from '../server/services/users.ts';
import { newUserSchema } from '../src/schemas/user.ts';
import { readPassword } from './lib/read-password.ts';

const { values } = parseArgs({ options: { email: { type: 'string' }, role: { type: 'string', default: 'admin' } } });
const password = await readPassword(`Password for ${values.email}: `);
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
