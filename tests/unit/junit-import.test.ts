// JUnit import (docs/decisions.md: test-suite monitoring; ASVS 1.5.1, docs/security.md#input-validation): the
// reports of both runners read into suites and cases, hostile XML refused before any parser
// sees it, and the duration format of docs/product.md §2 "Admin test results". Every sample is built here.
import { afterAll, beforeEach, describe, expect, spyOn, test } from 'bun:test';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { catalogSuiteFor, catalogSuites } from '#server/test-results/catalog.ts';
import {
  DECLARATION_REFUSED,
  decodeXmlText,
  MAX_ERROR_MESSAGE_LENGTH,
  NAME_MISSING,
  NAME_TOO_LONG,
  NOT_JUNIT,
  parseJunit,
  TIME_INVALID,
  TOO_MANY_CASES,
  TRUNCATED_MARKER,
} from '#server/test-results/junit.ts';
import { formatDuration } from '#src/admin/test-results/format-duration.ts';

const root = path.resolve(import.meta.dir, '../..');

/** The shape `bun test --reporter=junit` writes: a suite per file, a nested suite per describe. */
const BUN_REPORT = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="bun test" tests="5" assertions="4" failures="1" skipped="2" time="0.0512">
  <testsuite name="tests/unit/slugify.test.ts" file="tests/unit/slugify.test.ts" tests="5" assertions="4" failures="1" skipped="2" time="0.0412" hostname="vm">
    <testsuite name="slugify" file="tests/unit/slugify.test.ts" line="6" tests="4" assertions="3" failures="1" skipped="2" time="0" hostname="vm">
      <testsuite name="edge &lt;cases&gt;" file="tests/unit/slugify.test.ts" line="7" tests="2" assertions="2" failures="1" skipped="0" time="0" hostname="vm">
        <testcase name="&quot;Hello World&quot; → &quot;hello-world&quot;" classname="edge &lt;cases&gt; &gt; slugify" time="0.000146" file="tests/unit/slugify.test.ts" line="27" assertions="1" />
        <testcase name="trims hyphens" classname="edge &lt;cases&gt; &gt; slugify" time="0.0025" file="tests/unit/slugify.test.ts" line="30" assertions="1">
          <failure type="AssertionError" message="expect(received).toBe(expected)&#10;&#10;Expected: &quot;edges&quot;&#10;Received: &quot;-edges-&quot;&#10;">AssertionError: expect(received).toBe(expected)&#10;&#10;Expected: &quot;edges&quot;&#10;Received: &quot;-edges-&quot;&#10;&#10;      at tests/unit/slugify.test.ts:31:29&#10;</failure>
        </testcase>
      </testsuite>
      <testcase name="skipped one" classname="slugify" time="0" file="tests/unit/slugify.test.ts" line="40" assertions="0">
        <skipped />
      </testcase>
      <testcase name="todo one" classname="slugify" time="0" file="tests/unit/slugify.test.ts" line="41" assertions="0">
        <skipped message="TODO" />
      </testcase>
    </testsuite>
    <testcase name="is idempotent" classname="" time="1.5" file="tests/unit/slugify.test.ts" line="50" assertions="1" />
  </testsuite>
</testsuites>
`;

/** The shape of Playwright's junit reporter: a suite per file, describe titles joined with ' › ', CDATA bodies. */
const PLAYWRIGHT_REPORT = `<testsuites id="" name="" tests="4" failures="1" skipped="1" errors="1" time="12.5">
<testsuite name="admin-auth.e2e.ts" timestamp="2026-03-01T10:00:00.000Z" hostname="" tests="3" failures="1" skipped="1" time="9.25" errors="0">
<testcase name="login › a failed sign-in shows the toast" classname="admin-auth.e2e.ts" time="4.5">
<failure message="admin-auth.e2e.ts:12:5 a failed sign-in shows the toast" type="FAILURE">
<![CDATA[  [chromium] › admin-auth.e2e.ts:12:5 › login › a failed sign-in shows the toast

    Error: expect(locator).toBeVisible() failed &amp; <b>not</b> escaped
]]>
</failure>
<system-out>
<![CDATA[some output]]>
</system-out>
</testcase>
<testcase name="a skipped journey" classname="admin-auth.e2e.ts" time="0">
<skipped>
</skipped>
</testcase>
<testcase name="security headers are on pages" classname="admin-auth.e2e.ts" time="1.25">
</testcase>
</testsuite>
<testsuite name="health.e2e.ts" timestamp="2026-03-01T10:00:00.000Z" hostname="" tests="1" failures="0" skipped="0" time="0.5" errors="1">
<testcase name="the production server answers" classname="health.e2e.ts" time="0.5">
<error message="worker crashed" type="Error"/>
</testcase>
</testsuite>
</testsuites>`;

const report = (cases: string, suiteAttributes = 'name="tests/unit/x.test.ts"') =>
  `<testsuites><testsuite ${suiteAttributes}>${cases}</testsuite></testsuites>`;

function refusal(xml: string): string {
  try {
    parseJunit(xml);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the report was accepted');
}

/** Runs `work` and answers how long it took in milliseconds. */
function timed(work: () => unknown): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 ${Array.from({ length: 9 }, (_, n) => `<!ENTITY lol${n + 1} "${`&lol${n || ''};`.repeat(10)}">`).join('\n ')}
]>
<testsuites><testsuite name="x"><testcase name="&lol9;"/></testsuite></testsuites>`;

const EXTERNAL_ENTITY = `<?xml version="1.0"?>
<!DOCTYPE testsuites [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<testsuites><testsuite name="x"><testcase name="&xxe;"/></testsuite></testsuites>`;

describe('parseJunit reads both runners', () => {
  test('a bun test report: one suite per file, describe names joined into case names, statuses, times and the failure text', () => {
    const suites = parseJunit(BUN_REPORT);
    expect(suites).toHaveLength(1);
    const [suite] = suites;
    expect(suite).toMatchObject({
      name: 'tests/unit/slugify.test.ts',
      file: 'tests/unit/slugify.test.ts',
      startedAt: null,
      durationMs: 41,
    });
    expect(suite!.cases.map(({ name, status, executionTimeMs }) => ({ name, status, executionTimeMs }))).toEqual([
      { name: 'slugify › edge <cases> › "Hello World" → "hello-world"', status: 'passed', executionTimeMs: 0 },
      { name: 'slugify › edge <cases> › trims hyphens', status: 'failed', executionTimeMs: 3 },
      { name: 'slugify › skipped one', status: 'skipped', executionTimeMs: 0 },
      { name: 'slugify › todo one', status: 'skipped', executionTimeMs: 0 },
      { name: 'is idempotent', status: 'passed', executionTimeMs: 1500 },
    ]);
    expect(suite!.cases[1]!.errorMessage).toBe(
      'AssertionError: expect(received).toBe(expected)\n\nExpected: "edges"\nReceived: "-edges-"\n\n      at tests/unit/slugify.test.ts:31:29',
    );
    expect(suite!.cases.filter((item) => item.status !== 'failed').every((item) => item.errorMessage === null)).toBe(true);
  });

  test('a Playwright report: the file from the suite name, its timestamp, CDATA taken as written, <error> counted as a failure', () => {
    const [auth, health] = parseJunit(PLAYWRIGHT_REPORT);
    expect(auth).toMatchObject({ name: 'admin-auth.e2e.ts', file: 'admin-auth.e2e.ts', durationMs: 9250 });
    expect(auth!.startedAt?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(auth!.cases.map(({ name, status, executionTimeMs }) => [name, status, executionTimeMs])).toEqual([
      ['login › a failed sign-in shows the toast', 'failed', 4500],
      ['a skipped journey', 'skipped', 0],
      ['security headers are on pages', 'passed', 1250],
    ]);
    // CDATA is literal text: its "&amp;" and "<b>" are not markup and stay as they are.
    expect(auth!.cases[0]!.errorMessage).toBe(
      '[chromium] › admin-auth.e2e.ts:12:5 › login › a failed sign-in shows the toast\n\n    Error: expect(locator).toBeVisible() failed &amp; <b>not</b> escaped',
    );
    expect(health!.cases).toEqual([
      { name: 'the production server answers', status: 'failed', executionTimeMs: 500, errorMessage: 'worker crashed' },
    ]);
  });

  test('a report whose root is a single <testsuite> is one file', () => {
    const suites = parseJunit('<testsuite name="solo.e2e.ts" time="2"><testcase name="works" time="2"/></testsuite>');
    expect(suites).toEqual([
      {
        name: 'solo.e2e.ts',
        file: 'solo.e2e.ts',
        startedAt: null,
        durationMs: 2000,
        cases: [{ name: 'works', status: 'passed', executionTimeMs: 2000, errorMessage: null }],
      },
    ]);
  });

  test('an empty <testsuites/> is a report with no suites; a suite without a time adds up its cases', () => {
    expect(parseJunit('<testsuites/>')).toEqual([]);
    expect(parseJunit(report('<testcase name="a" time="0.25"/><testcase name="b" time="0.5"/>'))[0]!.durationMs).toBe(750);
  });

  test('names are decoded exactly once: HTML-looking text stays text for React to escape', () => {
    const [suite] = parseJunit(report('<testcase name="&lt;img src=x onerror=alert(1)&gt; &amp;amp; &#x1F600;"/>'));
    expect(suite!.cases[0]!.name).toBe('<img src=x onerror=alert(1)> &amp; 😀');
  });

  test('ANSI colour codes are stripped from failure messages', () => {
    const [suite] = parseJunit(report('<testcase name="a"><failure><![CDATA[\u001b[31mred\u001b[39m text]]></failure></testcase>'));
    expect(suite!.cases[0]!.errorMessage).toBe('red text');
  });

  test('a failure with no text falls back to its message attribute, then to its type', () => {
    const [suite] = parseJunit(
      report('<testcase name="a"><failure message="first line"/></testcase><testcase name="b"><failure type="Timeout"/></testcase>'),
    );
    expect(suite!.cases.map((item) => item.errorMessage)).toEqual(['first line', 'Timeout']);
  });
});

describe('parseJunit refuses DOCTYPE and ENTITY before parsing', () => {
  const validate = spyOn(XMLValidator, 'validate');
  const parse = spyOn(XMLParser.prototype, 'parse');
  beforeEach(() => {
    validate.mockClear();
    parse.mockClear();
  });
  afterAll(() => {
    validate.mockRestore();
    parse.mockRestore();
  });

  const declarations: [string, string][] = [
    ['an external entity (file:///etc/passwd)', EXTERNAL_ENTITY],
    ['billion laughs', BILLION_LAUGHS],
    [
      'one large entity referenced many times',
      `<!DOCTYPE t [<!ENTITY big "${'x'.repeat(10_000)}">]><testsuites><testsuite name="${'&big;'.repeat(50_000)}"/></testsuites>`,
    ],
    ['a lowercase doctype', '<!doctype testsuites><testsuites/>'],
    ['an ENTITY declaration without a DOCTYPE', '<testsuites><!ENTITY x "y"></testsuites>'],
    ['a DOCTYPE after the root element', '<testsuites/><!DOCTYPE x>'],
  ];
  for (const [label, xml] of declarations) {
    test(`${label} is refused fast without reaching the validator or the parser`, () => {
      let message = '';
      const elapsed = timed(() => {
        message = refusal(xml);
      });
      expect(message).toBe(DECLARATION_REFUSED);
      expect(elapsed).toBeLessThan(200);
      expect(validate).not.toHaveBeenCalled();
      expect(parse).not.toHaveBeenCalled();
    });
  }
});

describe('parseJunit refuses what is not a well-formed JUnit report', () => {
  const bodies: [string, string][] = [
    ['plain text', 'hello, world'],
    ['JSON', '{"testsuites":[]}'],
    ['an empty body', ''],
    ['a truncated report', BUN_REPORT.slice(0, BUN_REPORT.length / 2)],
    ['an HTML page', '<html><head><title>x</title></head><body><testsuite name="a"/></body></html>'],
    ['two root elements', '<testsuite name="a"/><testsuite name="b"/>'],
    ['an undeclared entity', report('<testcase name="a&nbsp;b"/>')],
    ['a bare ampersand', report('<testcase name="a & b"/>')],
    ['a NUL character reference', report('<testcase name="a&#0;b"/>')],
    ['a lone surrogate reference', report('<testcase name="a&#xD800;b"/>')],
    ['a reference past U+10FFFF', report('<testcase name="&#x110000;"/>')],
    ['a raw NUL character', report('<testcase name="a\u0000b"/>')],
    ['nesting deeper than 100 elements', `<testsuites>${'<testsuite name="a">'.repeat(150)}${'</testsuite>'.repeat(150)}</testsuites>`],
  ];
  for (const [label, xml] of bodies) {
    test(`${label} → "${NOT_JUNIT}"`, () => {
      expect(refusal(xml)).toBe(NOT_JUNIT);
    });
  }

  for (const time of ['-1', 'NaN', '', 'Infinity', '1e400', '0x10', '2147484', ' - 1']) {
    test(`time="${time}" → "${TIME_INVALID}", on a case and on a suite`, () => {
      expect(refusal(report(`<testcase name="a" time="${time}"/>`))).toBe(TIME_INVALID);
      expect(refusal(report('<testcase name="a"/>', `name="x" time="${time}"`))).toBe(TIME_INVALID);
    });
  }

  test('times in exponent form and with a leading dot are read', () => {
    const [suite] = parseJunit(report('<testcase name="a" time="1e-3"/><testcase name="b" time=".5"/><testcase name="c" time="2E1"/>'));
    expect(suite!.cases.map((item) => item.executionTimeMs)).toEqual([1, 500, 20_000]);
  });

  test('a testcase without a name, or with a blank one, is refused', () => {
    expect(refusal(report('<testcase time="1"/>'))).toBe(NAME_MISSING);
    expect(refusal(report('<testcase name="  "/>'))).toBe(NAME_MISSING);
  });

  test('names over 1,000 characters are refused rather than cut into another name', () => {
    expect(refusal(report(`<testcase name="${'a'.repeat(1_001)}"/>`))).toBe(NAME_TOO_LONG);
    expect(refusal(report('<testcase name="a"/>', `name="${'f'.repeat(1_001)}"`))).toBe(NAME_TOO_LONG);
    expect(parseJunit(report(`<testcase name="${'a'.repeat(1_000)}"/>`))[0]!.cases[0]!.name).toHaveLength(1_000);
  });

  test('more than 20,000 test cases are refused', () => {
    const cases = Array.from({ length: 20_001 }, (_, n) => `<testcase name="t${n}"/>`).join('');
    expect(refusal(report(cases))).toBe(TOO_MANY_CASES);
  });
});

describe('numeric character references cannot blow up', () => {
  const references = '&#65;'.repeat(1_000_000);

  test('1M references in a failure message are decoded in one pass and the message is kept to 10 KB', () => {
    let message: string | null = null;
    const elapsed = timed(() => {
      message = parseJunit(report(`<testcase name="a"><failure>${references}</failure></testcase>`))[0]!.cases[0]!.errorMessage;
    });
    expect(elapsed).toBeLessThan(3_000);
    expect(message!).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
    expect(message!.startsWith('AAAA')).toBe(true);
    expect(message!.endsWith(TRUNCATED_MARKER)).toBe(true);
  });

  test('1M references in a test name are refused as an over-long name, fast', () => {
    let message = '';
    const elapsed = timed(() => {
      message = refusal(report(`<testcase name="${references}"/>`));
    });
    expect(message).toBe(NAME_TOO_LONG);
    expect(elapsed).toBeLessThan(3_000);
  });

  test('decoding never makes text longer: every reference becomes at most two UTF-16 units', () => {
    for (const text of ['&#65;', '&#x1F600;', '&#1114111;', '&amp;', '&quot;&apos;&lt;&gt;']) {
      expect(decodeXmlText(text).length).toBeLessThan(text.length);
    }
  });
});

describe('failure messages are stored to 10 KB', () => {
  test('a 1 MB message is cut to exactly 10 KB, ending with the truncation marker', () => {
    const [suite] = parseJunit(report(`<testcase name="a"><failure>${'x'.repeat(1024 * 1024)}</failure></testcase>`));
    const message = suite!.cases[0]!.errorMessage!;
    expect(message).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
    expect(message.endsWith(TRUNCATED_MARKER)).toBe(true);
  });

  test('the cut never splits an emoji into a lone surrogate', () => {
    const [suite] = parseJunit(report(`<testcase name="a"><failure>${'😀'.repeat(10_000)}</failure></testcase>`));
    const message = suite!.cases[0]!.errorMessage!;
    expect(message.isWellFormed()).toBe(true);
    expect(message.length).toBeLessThanOrEqual(MAX_ERROR_MESSAGE_LENGTH);
  });
});

describe('the catalog of the project’s own suites', () => {
  test('is valid: unique suite names, unique case names, priorities from the schema', () => {
    const suites = catalogSuites();
    expect(suites.length).toBeGreaterThanOrEqual(6);
    expect(new Set(suites.map((suite) => suite.name)).size).toBe(suites.length);
    for (const suite of suites) expect(suite.files.length).toBeGreaterThan(0);
  });

  test('every exact path in it names a test file that exists', () => {
    const exact = catalogSuites().flatMap((suite) => suite.files.filter((file) => !file.includes('*')));
    const missing = exact.filter((file) => !existsSync(path.join(root, file.endsWith('.e2e.ts') ? `tests/browser/${file}` : file)));
    expect(missing).toEqual([]);
  });

  test('a file goes to its suite: exact paths before patterns, any leading ./ or folder, then the suite name', () => {
    const suiteOf = (file: string, name = file) => catalogSuiteFor(file, name)?.name;
    expect(suiteOf('tests/api/auth.test.ts')).toBe('Auth and users');
    expect(suiteOf('./tests/api/auth.test.ts')).toBe('Auth and users');
    expect(suiteOf('/home/ci/project/tests/api/auth.test.ts')).toBe('Auth and users');
    expect(suiteOf('tests/unit/junit-import.test.ts')).toBe('Test monitoring');
    expect(suiteOf('tests/unit/slugify.test.ts')).toBe('Unit');
    expect(suiteOf('admin-users.e2e.ts')).toBe('Admin browser journeys');
    expect(suiteOf('public-site.e2e.ts')).toBe('Browser journeys');
    expect(suiteOf('tests/api/blog-backlog.test.ts')).toBe('Backlog and drafts');
    expect(suiteOf('other/thing.spec.ts')).toBeUndefined();
    expect(suiteOf('other/thing.spec.ts', 'Unit')).toBe('Unit');
    // A pattern's * stays within one folder.
    expect(suiteOf('tests/unit/deeper/x.test.ts')).toBeUndefined();
  });
});

describe('formatDuration (docs/product.md §2: under 1000 ms in ms, otherwise seconds with one decimal)', () => {
  const cases: [number | null, string][] = [
    [0, '0 ms'],
    [1, '1 ms'],
    [999, '999 ms'],
    [999.4, '999 ms'],
    [999.6, '1.0 s'],
    [1000, '1.0 s'],
    [1549, '1.5 s'],
    [1550, '1.6 s'],
    [72_000, '72.0 s'],
    [3_600_000, '3600.0 s'],
    [null, '—'],
    [-1, '—'],
    [Number.NaN, '—'],
  ];
  for (const [ms, text] of cases) {
    test(`${ms} → ${text}`, () => {
      expect(formatDuration(ms)).toBe(text);
    });
  }
});
