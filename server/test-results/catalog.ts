import { z } from 'zod';
import { TEST_PRIORITIES } from '#db/schema.ts';
import catalogData from './catalog.json';

// The project's own test suites, as 'Initialize Test Suites' registers them (docs/decisions.md,
// test-suite monitoring). Shipped with the server, so the button needs no access to tests/.

const caseSchema = z.object({
  name: z.string().trim().min(1).max(1_000),
  description: z.string(),
  priority: z.enum(TEST_PRIORITIES),
  expectedResult: z.string(),
});

const suiteSchema = z.object({
  name: z.string().trim().min(1).max(1_000),
  category: z.string().trim().min(1),
  description: z.string(),
  /** Test file paths as the runners report them; `*` matches within one path segment. */
  files: z.array(z.string().min(1)),
  cases: z.array(caseSchema),
});

const catalogSchema = z.object({
  suites: z.array(suiteSchema).superRefine((suites, ctx) => {
    const names = new Set<string>();
    for (const suite of suites) {
      if (names.has(suite.name)) ctx.addIssue({ code: 'custom', message: `Duplicate suite ${suite.name}` });
      names.add(suite.name);
      const caseNames = new Set(suite.cases.map((item) => item.name));
      if (caseNames.size !== suite.cases.length) ctx.addIssue({ code: 'custom', message: `Duplicate case in ${suite.name}` });
    }
  }),
});

export type CatalogCase = z.infer<typeof caseSchema>;
export type CatalogSuite = z.infer<typeof suiteSchema>;

let parsed: CatalogSuite[] | undefined;

/** The catalog's suites, validated once; a broken catalog is a programming error and throws. */
export function catalogSuites(): CatalogSuite[] {
  parsed ??= catalogSchema.parse(catalogData).suites;
  return parsed;
}

const normalisePath = (file: string) => file.replaceAll('\\', '/').replace(/^(\.\/)+/, '');

const globPattern = (pattern: string) =>
  new RegExp(
    `(^|/)${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
      .join('[^/]*')}$`,
  );

/** A reported path matches a catalog entry when it is the entry or ends with `/entry` (absolute paths, other working directories). */
const matchesExactly = (file: string, entry: string) => file === entry || file.endsWith(`/${entry}`);

/**
 * The catalog suite a test file belongs to: an exact entry wins over a pattern, and patterns are
 * tried in catalog order. Failing that, a suite whose name is the JUnit suite's name.
 */
export function catalogSuiteFor(file: string, suiteName: string, suites = catalogSuites()): CatalogSuite | undefined {
  const path = normalisePath(file);
  return (
    suites.find((suite) => suite.files.some((entry) => !entry.includes('*') && matchesExactly(path, normalisePath(entry)))) ??
    suites.find((suite) => suite.files.some((entry) => entry.includes('*') && globPattern(normalisePath(entry)).test(path))) ??
    suites.find((suite) => suite.name === suiteName)
  );
}
