// The end every fault test shares: the log lines that mean a bug, the figures, and a clean stop.
import type { AppServer } from './app-server.ts';
import { type Figures, figures } from './figures.ts';
import { cleanup } from './registry.ts';

/**
 * Counts the log lines that mean a bug on every instance the test started (a killed one's too; the
 * first 20 are printed, named by instance), prints the test's figures, then stops what it started.
 */
export async function finish(test: string, facts: Figures, servers: Array<AppServer | undefined>): Promise<void> {
  const problems = servers.flatMap((server) => (server ? server.problems().map((line) => `${server.name}: ${line}`) : []));
  facts['log lines that mean a bug'] = problems.length;
  if (problems.length) console.log(problems.slice(0, 20).join('\n'));
  figures(test, facts);
  await cleanup();
}
