// Imports flow one way (docs/architecture.md, "Folders and layers"). This reads every import line and fails on a wrong-way import.
import { describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dir, '../..');

function sourceFiles(dir: string): string[] {
  return [...new Bun.Glob(`${dir}/**/*.{ts,tsx}`).scanSync({ cwd: root })].filter((file) => !file.endsWith('pages.gen.ts'));
}

/** A project file's import written with an alias of package.json's `imports` (`#server/app.ts`). */
const ALIAS = /^#(db|server|src|scripts|tests)\//;

/** Project-relative targets of a file's relative and aliased imports, plus its bare package imports. */
function importsOf(file: string): { local: string[]; packages: string[] } {
  // `import type { AdminApi } from '#server/api.ts'`: the typed API client's types, erased from
  // the bundle, are the one thing src/ may take from the server's routes.
  const text = readFileSync(path.join(root, file), 'utf8').replace(
    /^\s*import type\b[^'"]*?from\s+['"](?:#|[./]*)server\/api\.ts['"];?$/gm,
    '',
  );
  const specifiers = [
    ...text.matchAll(
      /^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm,
    ),
  ].map((match) => match[1] ?? match[2] ?? match[3]!);
  return {
    local: [
      ...specifiers.filter((s) => s.startsWith('.')).map((s) => path.relative(root, path.resolve(root, path.dirname(file), s))),
      ...specifiers.filter((s) => ALIAS.test(s)).map((s) => s.slice(1)),
    ],
    packages: specifiers.filter((s) => !s.startsWith('.') && !ALIAS.test(s)),
  };
}

const isClient = (file: string) => /^\s*['"]use client['"]/.test(readFileSync(path.join(root, file), 'utf8'));

function violations(files: string[], rule: (file: string, target: string) => boolean): string[] {
  return files.flatMap((file) =>
    importsOf(file)
      .local.filter((target) => rule(file, target))
      .map((target) => `${file} -> ${target}`),
  );
}

describe('import direction', () => {
  test('db/ imports neither server/ nor src/', () => {
    expect(violations(sourceFiles('db'), (_, target) => /^(server|src)\//.test(target))).toEqual([]);
  });

  test('client components never import server/ or db/', () => {
    const clientFiles = sourceFiles('src').filter(isClient);
    expect(clientFiles.length).toBeGreaterThan(0);
    expect(violations(clientFiles, (_, target) => /^(server|db)\//.test(target))).toEqual([]);
  });

  test('src/ reaches the server only through its services and the Markdown renderer, and never db/', () => {
    expect(
      violations(sourceFiles('src'), (file, target) => {
        // The server entry mounts the Hono app and the page cache, refuses malformed addresses before them, draws
        // each page render's CSP nonce, and boots the dev server: its ways into server/.
        if (file === 'src/server-entry.ts' && /^server\/(app\.ts|boot\.ts|cache\/|http\/(malformed-url|csp-nonce)\.ts$)/.test(target))
          return false;
        return target.startsWith('db/') || (target.startsWith('server/') && !/^server\/(services|markdown)\//.test(target));
      }),
    ).toEqual([]);
  });

  test('server/ imports from src/ only the shared validation schemas, the site config and the zone-name helper', () => {
    // src/lib/time-zone-name.ts names a zone for /book and for the booking emails alike (issue 32 §3): pure Intl, no imports.
    const shared = /^src\/(schemas|config)\/|^src\/lib\/time-zone-name\.ts$/;
    expect(violations(sourceFiles('server'), (_, target) => target.startsWith('src/') && !shared.test(target))).toEqual([]);
  });

  test('routes hold no SQL: they never import db/ or drizzle', () => {
    const routes = sourceFiles('server/routes');
    expect(violations(routes, (_, target) => target.startsWith('db/'))).toEqual([]);
    expect(routes.filter((file) => importsOf(file).packages.some((p) => p.startsWith('drizzle-orm')))).toEqual([]);
  });

  test('validation schemas import only zod (or its mini build) and each other', () => {
    for (const file of sourceFiles('src/schemas')) {
      const { local, packages } = importsOf(file);
      expect({
        file,
        local: local.filter((target) => !target.startsWith('src/schemas/')),
        packages: packages.filter((p) => p !== 'zod' && p !== 'zod/mini'),
      }).toEqual({
        file,
        local: [],
        packages: [],
      });
    }
  });
});

/** The project file an import resolves to (written with or without its extension), if any. */
function resolveSource(target: string): string | undefined {
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(path.join(root, candidate)),
  );
}

/** Each file's project-file imports. */
function importGraph(files: string[]): Map<string, string[]> {
  return new Map(files.map((file) => [file, importsOf(file).local.flatMap((target) => resolveSource(target) ?? [])]));
}

/** Every import cycle of a graph, each as the chain of files that closes it. */
function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      cycles.push([...onPath.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const next of graph.get(file) ?? []) visit(next);
    onPath.pop();
    done.add(file);
  };
  for (const file of graph.keys()) visit(file);
  return cycles;
}

describe('import cycles', () => {
  test('no project file imports itself through others', () => {
    const graph = importGraph(['src', 'server', 'db', 'scripts', 'tests'].flatMap(sourceFiles));
    expect(graph.size).toBeGreaterThan(100);
    // Imports are really resolved: the database module's importers are found.
    expect([...graph.values()].filter((targets) => targets.includes('server/db.ts')).length).toBeGreaterThan(10);
    expect(findCycles(graph).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  test('the detector names a cycle and ignores what merely reaches one', () => {
    const graph = new Map([
      ['d.ts', ['a.ts']],
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['e.ts', []],
    ]);
    expect(findCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
