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

const unescapeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** "file › test name" of every test case that failed or errored, so a summary can say which. */
export function junitFailures(xml: string): string[] {
  const failures: string[] = [];
  for (const match of xml.matchAll(/<testcase\b([^>]*?)(\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const [, attributes = '', , body = ''] = match;
    if (!/<(failure|error)\b/.test(body)) continue;
    const attr = (name: string) => unescapeXml(attributes.match(new RegExp(`\\b${name}="([^"]*)"`))?.[1] ?? '');
    failures.push([attr('classname'), attr('name')].filter(Boolean).join(' › '));
  }
  return failures;
}
