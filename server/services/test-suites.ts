import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#db/client.ts';
import { testCases, testResults, testRuns, testSuites } from '#db/schema.ts';
import type { TestResult, TestSuite } from '#src/schemas/test-suite.ts';
import { database } from '../db.ts';
import { notFound } from '../errors.ts';
import { type CatalogCase, type CatalogSuite, catalogSuiteFor, catalogSuites } from '../test-results/catalog.ts';
import { type JunitCase, type JunitSuite, parseJunit } from '../test-results/junit.ts';

export const RUN_NOT_FOUND = 'Run not found';
/** Where a report's test file lands when no catalog suite claims it (docs/decisions.md: test-suite monitoring). */
export const UNCATEGORIZED = 'Uncategorized';

type RunStatus = (typeof testRuns.$inferSelect)['status'];
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface SuiteRunSummary {
  id: number;
  status: RunStatus;
  passedTests: number;
  failedTests: number;
  skippedTests: number;
  totalTests: number;
  startedAt: Date;
}

export interface SuiteSummary {
  id: number;
  name: string;
  category: string;
  description: string;
  /** How many test cases the suite registers. */
  totalTests: number;
  latestRun: SuiteRunSummary | null;
  /** docs/product.md §9: the rounded percentage of passed to total tests of the latest run. */
  passPercentage: number | null;
}

export interface ImportedRun {
  suiteName: string;
  runId: number;
  passed: number;
  failed: number;
  skipped: number;
}

/** Null without a run, and for a run that counted no tests (nothing to divide by). */
export const passPercentage = (run: Pick<SuiteRunSummary, 'passedTests' | 'totalTests'> | null): number | null =>
  run && run.totalTests > 0 ? Math.round((run.passedTests / run.totalTests) * 100) : null;

/** Suites by name (the first `limit` when given), each with its case count and latest run. */
async function loadSuites(limit?: number, withResults = true): Promise<TestSuite[]> {
  const db = await database();
  const base = db
    .select({ id: testSuites.id, name: testSuites.name, category: testSuites.category, description: testSuites.description })
    .from(testSuites)
    .orderBy(asc(testSuites.name), asc(testSuites.id));
  const suites = limit === undefined ? await base : await base.limit(limit);
  if (suites.length === 0) return [];
  const ids = suites.map((suite) => suite.id);

  const [caseCounts, latestRuns] = await Promise.all([
    db.select({ suiteId: testCases.suiteId, n: count() }).from(testCases).where(inArray(testCases.suiteId, ids)).groupBy(testCases.suiteId),
    // The latest run by start time, ties broken by the newer id.
    db
      .selectDistinctOn([testRuns.suiteId], {
        suiteId: testRuns.suiteId,
        id: testRuns.id,
        status: testRuns.status,
        passedTests: testRuns.passedTests,
        failedTests: testRuns.failedTests,
        skippedTests: testRuns.skippedTests,
        totalTests: testRuns.totalTests,
        startedAt: testRuns.startedAt,
        duration: testRuns.durationMs,
        runBy: testRuns.runBy,
      })
      .from(testRuns)
      .where(inArray(testRuns.suiteId, ids))
      .orderBy(testRuns.suiteId, desc(testRuns.startedAt), desc(testRuns.id)),
  ]);
  const casesBySuite = new Map(caseCounts.map((row) => [row.suiteId, row.n]));
  const resultsByRun = await resultsOfRuns(db, withResults ? latestRuns.map((run) => run.id) : []);
  const runBySuite = new Map(
    latestRuns.map(({ suiteId, startedAt, ...run }) => [
      suiteId,
      { ...run, startedAt: startedAt.toISOString(), passPercentage: passPercentage(run), results: resultsByRun.get(run.id) ?? [] },
    ]),
  );
  return suites.map((suite) => ({ ...suite, totalTests: casesBySuite.get(suite.id) ?? 0, latestRun: runBySuite.get(suite.id) ?? null }));
}

/**
 * Suites ordered by name (the first `limit` when given), each with its case count and its latest
 * run by start time (ties broken by the newer id). The dashboard's short form.
 */
export async function listSuiteSummaries(limit?: number): Promise<SuiteSummary[]> {
  return (await loadSuites(limit, false)).map(({ latestRun, ...suite }) => {
    if (!latestRun) return { ...suite, latestRun: null, passPercentage: null };
    const { id, status, passedTests, failedTests, skippedTests, totalTests, startedAt } = latestRun;
    const run = { id, status, passedTests, failedTests, skippedTests, totalTests, startedAt: new Date(startedAt) };
    return { ...suite, latestRun: run, passPercentage: latestRun.passPercentage };
  });
}

/** Every suite by name with its case count and latest run (GET /api/test-cases/suites). */
export const listSuites = (): Promise<TestSuite[]> => loadSuites();

/** Each run's per-case results, in the order they were reported. */
async function resultsOfRuns(db: Database, runIds: number[]): Promise<Map<number, TestResult[]>> {
  const byRun = new Map<number, TestResult[]>(runIds.map((id) => [id, []]));
  if (runIds.length === 0) return byRun;
  const rows = await db
    .select({
      runId: testResults.runId,
      id: testResults.id,
      status: testResults.status,
      caseName: testResults.caseName,
      caseDescription: testResults.caseDescription,
      priority: testResults.priority,
      executionTime: testResults.executionTimeMs,
      expectedResult: testResults.expectedResult,
      errorMessage: testResults.errorMessage,
    })
    .from(testResults)
    .where(inArray(testResults.runId, runIds))
    .orderBy(asc(testResults.id));
  for (const { runId, ...result } of rows) byRun.get(runId)?.push(result);
  return byRun;
}

/** The per-case results of one run, in the order they were reported. Throws 404 for an unknown run. */
export async function getRunResults(runId: number): Promise<{ results: TestResult[] }> {
  const db = await database();
  const [run] = await db.select({ id: testRuns.id }).from(testRuns).where(eq(testRuns.id, runId));
  if (!run) throw notFound(RUN_NOT_FOUND);
  return { results: (await resultsOfRuns(db, [runId])).get(runId) ?? [] };
}

// Rows per INSERT: well under Postgres's 65,535 bind parameters at nine columns a row.
const INSERT_CHUNK = 1_000;

function chunks<T>(items: T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** Registers a suite by its unique name; the catalog's category and description win over older ones. */
async function upsertSuite(tx: Transaction, suite: Pick<CatalogSuite, 'name' | 'category' | 'description'>, overwrite: boolean) {
  const insert = tx.insert(testSuites).values({ name: suite.name, category: suite.category, description: suite.description });
  const [row] = overwrite
    ? await insert
        .onConflictDoUpdate({ target: testSuites.name, set: { category: suite.category, description: suite.description } })
        .returning({ id: testSuites.id })
    : await insert.onConflictDoNothing({ target: testSuites.name }).returning({ id: testSuites.id });
  if (row) return row.id;
  const [existing] = await tx.select({ id: testSuites.id }).from(testSuites).where(eq(testSuites.name, suite.name));
  return existing!.id;
}

/** The catalog's cases of a suite, created or brought up to date by their unique (suite, name). */
async function upsertCatalogCases(tx: Transaction, suiteId: number, cases: CatalogCase[]) {
  for (const chunk of chunks(cases)) {
    await tx
      .insert(testCases)
      .values(chunk.map((item) => ({ suiteId, ...item })))
      .onConflictDoUpdate({
        target: [testCases.suiteId, testCases.name],
        set: {
          description: sql`excluded.description`,
          priority: sql`excluded.priority`,
          expectedResult: sql`excluded.expected_result`,
        },
      });
  }
}

/**
 * Registers every catalog suite and case (POST /api/test-cases/initialize). Idempotent: an upsert
 * by unique name, so a second call changes no row counts.
 */
export async function initializeSuites(): Promise<{ suites: number; cases: number }> {
  const suites = catalogSuites();
  const db = await database();
  await db.transaction(async (tx) => {
    for (const suite of suites) await upsertCatalogCases(tx, await upsertSuite(tx, suite, true), suite.cases);
  });
  return { suites: suites.length, cases: suites.reduce((sum, suite) => sum + suite.cases.length, 0) };
}

interface RunGroup {
  suite: Pick<CatalogSuite, 'name' | 'category' | 'description'>;
  /** A catalog suite's text is kept up to date; an uncategorized one is left as first created. */
  fromCatalog: boolean;
  catalogCases: CatalogCase[];
  files: JunitSuite[];
}

/** Test files grouped by the suite they are recorded under, in report order. */
function groupBySuite(files: JunitSuite[]): RunGroup[] {
  const groups = new Map<string, RunGroup>();
  for (const file of files) {
    const catalog = catalogSuiteFor(file.file, file.name);
    const suite = catalog ?? { name: file.file, category: UNCATEGORIZED, description: '' };
    const group = groups.get(suite.name) ?? { suite, fromCatalog: catalog !== undefined, catalogCases: catalog?.cases ?? [], files: [] };
    group.files.push(file);
    groups.set(suite.name, group);
  }
  return [...groups.values()];
}

/** Every case a run's results need, created when missing (priority medium), keyed by name. */
async function casesFor(tx: Transaction, suiteId: number, results: JunitCase[]) {
  const names = [...new Set(results.map((result) => result.name))];
  for (const chunk of chunks(names)) {
    await tx
      .insert(testCases)
      .values(chunk.map((name) => ({ suiteId, name })))
      .onConflictDoNothing({ target: [testCases.suiteId, testCases.name] });
  }
  const rows = await tx
    .select({
      id: testCases.id,
      name: testCases.name,
      description: testCases.description,
      priority: testCases.priority,
      expectedResult: testCases.expectedResult,
    })
    .from(testCases)
    .where(eq(testCases.suiteId, suiteId));
  return new Map(rows.map((row) => [row.name, row]));
}

const INT4_MAX = 2_147_483_647;

/**
 * Records a JUnit report (bun test or Playwright) in one transaction: one completed run per suite
 * the report touches, each test file matched to its catalog suite by file name, else by suite
 * name, else to an 'Uncategorized' suite named after the file. Counts, times and failure messages
 * come from the XML. Throws 400 before touching the database for anything that is not a safe,
 * well-formed report.
 */
export async function importJunit(xml: string, runBy: string): Promise<{ runs: ImportedRun[] }> {
  const groups = groupBySuite(parseJunit(xml));
  const importedAt = new Date();
  const db = await database();
  const runs = await db.transaction(async (tx) => {
    const imported: ImportedRun[] = [];
    for (const group of groups) {
      const suiteId = await upsertSuite(tx, group.suite, group.fromCatalog);
      await upsertCatalogCases(tx, suiteId, group.catalogCases);
      const results = group.files.flatMap((file) => file.cases);
      const cases = await casesFor(tx, suiteId, results);
      const tally = { passed: 0, failed: 0, skipped: 0 };
      for (const result of results) tally[result.status]++;
      const timestamps = group.files.flatMap((file) => (file.startedAt ? [file.startedAt.getTime()] : []));
      const durationMs = Math.min(
        group.files.reduce((sum, file) => sum + file.durationMs, 0),
        INT4_MAX,
      );

      const [run] = await tx
        .insert(testRuns)
        .values({
          suiteId,
          status: 'completed',
          startedAt: timestamps.length > 0 ? new Date(Math.min(...timestamps)) : importedAt,
          durationMs,
          runBy,
          totalTests: results.length,
          passedTests: tally.passed,
          failedTests: tally.failed,
          skippedTests: tally.skipped,
        })
        .returning({ id: testRuns.id });

      for (const chunk of chunks(results)) {
        await tx.insert(testResults).values(
          chunk.map((result) => {
            const known = cases.get(result.name);
            return {
              runId: run!.id,
              caseId: known?.id ?? null,
              caseName: result.name,
              caseDescription: known?.description ?? '',
              priority: known?.priority ?? 'medium',
              status: result.status,
              executionTimeMs: result.executionTimeMs,
              expectedResult: known?.expectedResult ?? '',
              errorMessage: result.errorMessage,
            };
          }),
        );
      }
      imported.push({ suiteName: group.suite.name, runId: run!.id, ...tally });
    }
    return imported;
  });
  return { runs };
}
