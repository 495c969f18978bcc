export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

/** The totals of a JUnit report, from its root element (bun test and Playwright both write them). */
export function junitTotals(xml: string): Totals {
  const root = xml.match(/<testsuites\b[^>]*>/)?.[0] ?? '';
  const attr = (name: string) => Number(root.match(new RegExp(`\\b${name}="(\\d+)"`))?.[1] ?? 0);
  const failed = attr('failures') + attr('errors');
  const skipped = attr('skipped');
  return { passed: attr('tests') - failed - skipped, failed, skipped };
}
