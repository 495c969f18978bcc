// Issue 33 §6: the production topology, tested. Caddy runs deploy/Caddyfile (the file a person
// copies) with `tls internal` on loopback ports, in front of two instances on one Postgres started
// with TRUST_PROXY=1 and an https SITE_URL. Through it: http is redirected to https, pages carry
// HSTS and https canonical links, sign-in sets a `__Host-` Secure cookie that both instances honour,
// the CSRF check accepts the https origin only, the rate limits see the address Caddy saw (a forged
// X-Forwarded-For from the client is not believed), and a cached page answers from either instance.
// Also checks that deploy/coaching-site.env names every variable the site reads.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type postgres from 'postgres';
import { freePort } from '#scripts/lib/disposable-postgres.ts';
import type { AppServer } from './harness/app-server.ts';
import { figures } from './harness/figures.ts';
import { sqlClient, startCluster } from './harness/postgres.ts';
import { cleanup, liveServers } from './harness/registry.ts';
import { startHealthyServer } from './harness/servers.ts';
import { OWNER_EMAIL, OWNER_PASSWORD, ROOT } from './harness/settings.ts';
import { sleep } from './harness/wait.ts';

const CONTACT_LIMIT = 3;
const work = mkdtempSync(path.join(tmpdir(), 'proxy-topology-'));

let sql: postgres.Sql;
let a: AppServer;
let b: AppServer;
let caddy: ReturnType<typeof Bun.spawn<'ignore', 'pipe', 'pipe'>>;
let caddyLog = '';
let httpPort: number;
let httpsPort: number;
let origin: string;
let ca: string;

/** How many requests a server's log says it answered (one JSON line each). */
const answered = (server: AppServer) => server.lines.filter((line) => line.includes('"event":"request"')).length;

/** A request through Caddy, trusting its local certificate authority only. */
const through = (pathname: string, init: RequestInit = {}) =>
  fetch(`${origin}${pathname}`, { redirect: 'manual', ...init, tls: { ca } } as RequestInit);

beforeAll(async () => {
  const cluster = await startCluster();
  sql = sqlClient(cluster.url);
  httpPort = await freePort();
  do httpsPort = await freePort();
  while (httpsPort === httpPort);
  origin = `https://localhost:${httpsPort}`;
  const env = { SITE_URL: origin, TRUST_PROXY: '1', CONTACT_LIMIT_PER_10_MIN: String(CONTACT_LIMIT) };
  [a, b] = (await Promise.all(['A', 'B'].map((name) => startHealthyServer({ name, databaseUrl: cluster.url, env })))) as [
    AppServer,
    AppServer,
  ];

  caddy = Bun.spawn(['caddy', 'run', '--adapter', 'caddyfile', '--config', path.join(ROOT, 'deploy/Caddyfile')], {
    cwd: work,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: work,
      XDG_DATA_HOME: path.join(work, 'data'),
      XDG_CONFIG_HOME: path.join(work, 'config'),
      SITE_ADDRESS: 'localhost',
      UPSTREAMS: `127.0.0.1:${a.port} 127.0.0.1:${b.port}`,
      CADDY_TLS: 'tls internal',
      CADDY_GLOBAL_OPTIONS: `admin off\n\tdefault_bind 127.0.0.1\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tskip_install_trust`,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  for (const stream of [caddy.stdout, caddy.stderr]) {
    void (async () => {
      for await (const chunk of stream) caddyLog += new TextDecoder().decode(chunk);
    })();
  }
  liveServers.add({ proc: caddy, stop: async () => caddy.kill('SIGTERM') });

  // Caddy makes its local authority and the site's certificate as it starts.
  const root = path.join(work, 'data/caddy/pki/authorities/local/root.crt');
  for (let tries = 0; ; tries++) {
    let last = '';
    try {
      ca = readFileSync(root, 'utf8');
      const health = await through('/api/health');
      if (health.status === 200) break;
      last = `${health.status}`;
    } catch (error) {
      last = String(error);
    }
    if (tries % 25 === 0) console.error(`waiting for Caddy: ${last}`);
    if (tries > 300 || caddy.exitCode !== null) throw new Error(`Caddy did not serve ${origin}:\n${caddyLog}`);
    await sleep(200);
  }
}, 300_000);

afterAll(async () => {
  await cleanup();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

test('through Caddy: https only, HSTS, __Host- cookies on both instances, the https origin, the address Caddy saw', async () => {
  // http is redirected to the same address on https (Caddy 2.6 names no port: 443 in production).
  const plain = await fetch(`http://localhost:${httpPort}/about?x=1`, { redirect: 'manual' });
  expect(plain.status).toBe(308);
  expect(plain.headers.get('location')).toBe('https://localhost/about?x=1');

  // Pages: HSTS, https canonical links; a cached page answers the same from either instance.
  const requestsBefore = answered(a) + answered(b);
  const [pagesOnA, pagesOnB] = [answered(a), answered(b)];
  for (let i = 0; i < 4; i++) {
    const page = await through('/about');
    expect(page.status).toBe(200);
    expect(page.headers.get('strict-transport-security')).toContain('max-age=');
    expect(await page.text()).toContain(`<link rel="canonical" href="${origin}/about"`);
  }
  expect(answered(a)).toBeGreaterThan(pagesOnA);
  expect(answered(b)).toBeGreaterThan(pagesOnB);
  const signedOut = await through('/admin');
  expect(signedOut.status).toBe(303);
  expect(new URL(signedOut.headers.get('location')!, origin).origin).toBe(origin);

  // Sign-in sets a __Host- Secure cookie; round robin takes the signed-in requests to both instances.
  const signIn = await through('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ email: OWNER_EMAIL, password: OWNER_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const setCookie = signIn.headers.getSetCookie().find((value) => value.startsWith('__Host-session='));
  expect(setCookie).toBeDefined();
  expect(setCookie).toMatch(/; Secure/i);
  expect(setCookie).toMatch(/; Path=\//i);
  expect(setCookie).not.toMatch(/Domain=/i);
  const cookie = setCookie!.split(';')[0]!;
  const aBefore = answered(a);
  const bBefore = answered(b);
  for (let i = 0; i < 6; i++) {
    const me = await through('/api/admin/settings', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    await me.arrayBuffer();
  }
  expect(answered(a)).toBeGreaterThan(aBefore);
  expect(answered(b)).toBeGreaterThan(bBefore);

  // The CSRF check: the https origin is the site's; the same host on http is not.
  const contact = (forwardedFor: string, from = origin) =>
    through('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: from, 'X-Forwarded-For': forwardedFor },
      body: JSON.stringify({ name: 'Proxy Visitor', email: 'visitor@example.com', message: 'Through Caddy, please.' }),
    });
  expect((await contact('198.51.100.1', `http://localhost:${httpsPort}`)).status).toBe(403);

  // The limit counts the address Caddy saw: a new forged X-Forwarded-For each time changes nothing.
  const statuses: number[] = [];
  for (let i = 0; i <= CONTACT_LIMIT; i++) statuses.push((await contact(`203.0.113.${i + 1}`)).status);
  expect(statuses).toEqual([...Array(CONTACT_LIMIT).fill(201), 429]);
  const stored = await sql<{ ip: string }[]>`select ip_address as ip from contact_messages where email = 'visitor@example.com'`;
  expect(stored).toHaveLength(CONTACT_LIMIT);
  expect(new Set(stored.map((row) => row.ip))).toEqual(new Set(['127.0.0.1']));

  figures('the production topology behind Caddy', {
    caddy: 'deploy/Caddyfile, tls internal',
    instances: 2,
    'requests through Caddy': answered(a) + answered(b) - requestsBefore,
    'signed-in requests on A': answered(a) - aBefore,
    'signed-in requests on B': answered(b) - bBefore,
    'contact statuses (forged X-Forwarded-For)': statuses.join(' '),
  });
}, 120_000);

test('deploy/coaching-site.env names every variable the site reads, and the units use it', () => {
  const template = readFileSync(path.join(ROOT, 'deploy/coaching-site.env'), 'utf8');
  const named = new Set([...template.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));
  const declared = [...readFileSync(path.join(ROOT, 'server/env.ts'), 'utf8').matchAll(/^\s+([A-Z][A-Z0-9_]+): optional\(/gm)].map(
    (match) => match[1]!,
  );
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const table = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('A bad value stops the start'));
  const documented = [...table.matchAll(/^\|([^|]+)\|/gm)].flatMap((row) =>
    [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
  );
  expect(declared.length).toBeGreaterThan(20);
  expect(documented.length).toBeGreaterThan(20);
  expect([...new Set([...declared, ...documented])].filter((name) => !named.has(name))).toEqual([]);
  for (const unit of ['coaching-site.service', 'coaching-site-backup.service']) {
    expect(readFileSync(path.join(ROOT, 'deploy', unit), 'utf8')).toContain('EnvironmentFile=/etc/coaching-site.env');
  }
});
