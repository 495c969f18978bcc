// `bun run tests:record -- path/to/report.xml [more.xml]`: records JUnit reports (bun test,
// Playwright) as test runs in the configured database (DATABASE_URL, else PGlite in PGLITE_DIR),
// the same import as POST /api/test-cases/runs. One line per recorded run; exits non-zero when
// any file cannot be read or is refused, after recording the others.
import { readFileSync } from 'node:fs';
import { openAppDatabase, shutdown } from '../server/boot.ts';
import { HttpError } from '../server/errors.ts';
import { importJunit } from '../server/services/test-suites.ts';

const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('Usage: bun run tests:record -- path/to/report.xml [more.xml]');
  process.exit(2);
}

const runBy = process.env.USER ?? 'cli';
let failures = 0;

for (const file of files) {
  let xml: string;
  try {
    xml = readFileSync(file, 'utf8');
  } catch (error) {
    console.error(`${file}: cannot read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    failures++;
    continue;
  }
  try {
    await openAppDatabase();
    const { runs } = await importJunit(xml, runBy);
    if (runs.length === 0) console.log(`${file}: no test suites in the report`);
    for (const run of runs) {
      console.log(`${file}: ${run.suiteName} run #${run.runId}: ${run.passed} passed, ${run.failed} failed, ${run.skipped} skipped`);
    }
  } catch (error) {
    // A refusal names what is wrong with the file; anything else (the database) is unexpected.
    console.error(`${file}: ${error instanceof HttpError ? error.message : String(error)}`);
    failures++;
  }
}

await shutdown();
process.exit(failures > 0 ? 1 : 0);
