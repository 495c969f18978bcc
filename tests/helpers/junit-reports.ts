// Real `bun test` JUnit reports for the test-results API tests (tests/api/test-cases*.test.ts): a sample
// file with a failure, skips and hostile names run in a scratch folder, and this project's own navigation
// test. Each is made in a scratch folder of its own, removed once the report is read.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dir, '../..');

const SAMPLE_TEST = `import { describe, expect, test } from 'bun:test';
describe('<b>sample</b>', () => {
  test('<img src=x onerror=alert(1)> passes', () => { expect(1 + 1).toBe(2); });
  test('compares a total', () => { expect({ total: 3 }).toEqual({ total: 4 }); });
  test.skip('is skipped for now', () => {});
  test.todo('is still to write');
});
test('passes at the top level', () => { expect(true).toBe(true); });
`;

function bunJunit(cwd: string, files: string[], outfile: string): string {
  // The runner's own exit code reflects the sample's deliberate failure; the report is what counts.
  Bun.spawnSync(['bun', 'test', ...files, '--reporter=junit', `--reporter-outfile=${outfile}`], {
    cwd,
    stdout: 'ignore',
    stderr: 'ignore',
  });
  return readFileSync(outfile, 'utf8');
}

function inScratch(make: (scratch: string) => string): string {
  const scratch = mkdtempSync(path.join(tmpdir(), 'junit-'));
  try {
    return make(scratch);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** `bun test` JUnit for tests/unit/sample.test.ts (→ Unit) and scratch/other.test.ts (→ Uncategorized). */
export const sampleJunitReport = () =>
  inScratch((scratch) => {
    mkdirSync(path.join(scratch, 'tests/unit'), { recursive: true });
    mkdirSync(path.join(scratch, 'scratch'), { recursive: true });
    writeFileSync(path.join(scratch, 'tests/unit/sample.test.ts'), SAMPLE_TEST);
    writeFileSync(path.join(scratch, 'scratch/other.test.ts'), `import { test } from 'bun:test';\ntest('runs', () => {});\n`);
    return bunJunit(scratch, ['./tests/unit/sample.test.ts', './scratch/other.test.ts'], path.join(scratch, 'sample.xml'));
  });

/** `bun test` JUnit for this project's own tests/unit/navigation.test.ts. */
export const ownJunitReport = () =>
  inScratch((scratch) => bunJunit(ROOT, ['./tests/unit/navigation.test.ts'], path.join(scratch, 'own.xml')));
