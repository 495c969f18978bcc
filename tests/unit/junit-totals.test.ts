import { expect, test } from 'bun:test';
import { junitFailures, junitTotals } from '#scripts/lib/junit.ts';

test('bun test JUnit totals: failures and skips are taken out of passed', () => {
  const xml = '<?xml version="1.0"?>\n<testsuites name="bun test" tests="10" assertions="30" failures="2" skipped="1" time="1.2">';
  expect(junitTotals(xml)).toEqual({ passed: 7, failed: 2, skipped: 1 });
});

test('Playwright JUnit totals count errors as failures', () => {
  const xml = '<testsuites id="" name="" tests="7" failures="1" skipped="0" errors="1" time="9.5">';
  expect(junitTotals(xml)).toEqual({ passed: 5, failed: 2, skipped: 0 });
});

test('a report without totals counts nothing', () => {
  expect(junitTotals('')).toEqual({ passed: 0, failed: 0, skipped: 0 });
});

test('the failed cases are named, with their file, and passing or skipped ones are not', () => {
  const xml = `<testsuites tests="4" failures="1" errors="1">
  <testsuite name="a.e2e.ts">
    <testcase name="passes" classname="a.e2e.ts" time="1"></testcase>
    <testcase name="says &quot;no&quot; &amp; fails" classname="a.e2e.ts" time="1"><failure message="x">trace</failure></testcase>
    <testcase name="skips" classname="a.e2e.ts"><skipped/></testcase>
    <testcase name="errors" classname="b.test.ts"><error message="boom"/></testcase>
    <testcase name="short" classname="b.test.ts"/>
  </testsuite></testsuites>`;
  expect(junitFailures(xml)).toEqual(['a.e2e.ts › says "no" & fails', 'b.test.ts › errors']);
});
