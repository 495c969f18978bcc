// What the test suites need from the machine beyond Bun (issue 38): Chromium for the browser
// tests, the Postgres server binaries for the API and fault tests, and Caddy for the proxy test. `bun run test` checks them
// first; as root it installs what is missing from apt, otherwise it stops at once with the
// command to run.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The apt packages of the tools that are missing. */
export function missingTestTools(env: NodeJS.ProcessEnv = process.env): string[] {
  const missing: string[] = [];
  if (!existsSync(env.CHROMIUM_PATH ?? '/usr/bin/chromium')) missing.push('chromium');
  const postgres = '/usr/lib/postgresql';
  const hasPostgres = env.PG_BIN
    ? existsSync(path.join(env.PG_BIN, 'initdb'))
    : existsSync(postgres) && readdirSync(postgres).some((version) => existsSync(path.join(postgres, version, 'bin/initdb')));
  if (!hasPostgres) missing.push('postgresql');
  // The production topology's fault test puts Caddy in front of two instances (issue 33 §6).
  if (!existsSync(env.CADDY_PATH ?? '/usr/bin/caddy')) missing.push('caddy');
  // The calendar tests connect to a real CalDAV server (issue 34).
  if (!existsSync(env.RADICALE_PATH ?? '/usr/bin/radicale')) missing.push('radicale');
  return missing;
}

export const installCommand = (packages: string[]) => `apt-get update && apt-get install -y --no-install-recommends ${packages.join(' ')}`;

/**
 * Installs the missing tools when this process may (root), or says exactly what to run. Returns
 * an error message when the tests cannot run, null when everything is there.
 */
export async function ensureTestTools(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const missing = missingTestTools(env);
  if (missing.length === 0) return null;
  const command = installCommand(missing);
  // TEST_TOOLS_INSTALL=apt|never overrides the choice made from who runs the tests.
  const mayInstall = (env.TEST_TOOLS_INSTALL ?? (process.getuid?.() === 0 ? 'apt' : 'never')) === 'apt';
  if (!mayInstall) return `The tests need ${missing.join(' and ')}. Install them as root, then run the tests again:\n  ${command}`;
  console.log(`Installing what the tests need: ${command}`);
  const exitCode = await Bun.spawn(['sh', '-c', command], {
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
  }).exited;
  const still = missingTestTools(env);
  if (exitCode !== 0 || still.length > 0) return `Could not install ${still.join(' and ') || missing.join(' and ')}: ${command} failed`;
  return null;
}
