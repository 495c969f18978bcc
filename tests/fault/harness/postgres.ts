// The disposable Postgres cluster of a fault test and the harness's own SQL clients on it.
import postgres from 'postgres';
import { type DisposablePostgres, startPostgres } from '#scripts/lib/disposable-postgres.ts';
import { installExitHandlers, liveClients, liveClusters } from './registry.ts';

const HARNESS_APP_NAME = 'fault-harness';

export async function startCluster(): Promise<DisposablePostgres> {
  installExitHandlers();
  const cluster = await startPostgres();
  liveClusters.add(cluster);
  return cluster;
}

/** A direct SQL client for the checks (its own application_name, so the app's backends can be told apart). */
export function sqlClient(url: string, max = 2): postgres.Sql {
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 5,
    connection: { application_name: HARNESS_APP_NAME },
  });
  liveClients.add(client);
  return client;
}

/** Client backends on the cluster other than the harness's own. */
export async function appBackends(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    select count(*)::int as n from pg_stat_activity
    where backend_type = 'client backend' and application_name <> ${HARNESS_APP_NAME} and pid <> pg_backend_pid()`;
  return row!.n;
}
