// The production build the fault tests' servers run (built once per run unless given).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './settings.ts';

const SOURCES = ['src', 'server', 'db', 'public', 'waku.config.ts', 'package.json', 'bun.lock'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

let buildReady: Promise<string> | undefined;

/**
 * The folder of the production build the servers run. FAULT_DIST_DIR names one already built
 * (`bun run test` passes the `dist/` it has just built); otherwise `.dist-fault/`, built once
 * per run when it is missing or older than the sources.
 */
export function ensureBuild(): Promise<string> {
  buildReady ??= (async () => {
    const given = process.env.FAULT_DIST_DIR;
    if (given) {
      if (!existsSync(path.resolve(ROOT, given, 'server/index.js'))) throw new Error(`FAULT_DIST_DIR=${given} holds no build`);
      return given;
    }
    const dir = '.dist-fault';
    const bundle = path.join(ROOT, dir, 'server/index.js');
    const sources = Math.max(...SOURCES.map((name) => newestMtime(path.join(ROOT, name))));
    if (existsSync(bundle) && statSync(bundle).mtimeMs > sources) return dir;
    const started = performance.now();
    const build = Bun.spawn(['bun', '--bun', 'waku', 'build'], {
      cwd: ROOT,
      env: { ...process.env, DIST_DIR: dir, NODE_ENV: 'production' },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    const [out, err, code] = await Promise.all([new Response(build.stdout).text(), new Response(build.stderr).text(), build.exited]);
    if (code !== 0) throw new Error(`The fault build failed (${code}):\n${err || out}`);
    console.log(`[fault] built ${dir}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return dir;
  })();
  return buildReady;
}
