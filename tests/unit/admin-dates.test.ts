// Issue 32 §1: every date and time in the admin goes through one helper (src/lib/format-date.ts,
// and the kit's DateTime over it) in the coach's time zone, so the server's render and the
// browser's agree. This reads the admin's files and fails on a date formatted any other way: in
// the zone of whichever machine runs it, or hidden from React's hydration check.
import { expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dir, '../..');

const FILES = ['src/admin', 'src/lib', 'src/pages/admin']
  .flatMap((dir) => [...new Bun.Glob(`${dir}/**/*.{ts,tsx}`).scanSync({ cwd: root })])
  .filter((file) => file !== 'src/lib/format-date.ts');

const FORBIDDEN: Array<[RegExp, string]> = [
  [/from '(?:@date-fns\/tz|date-fns)'/, 'date-fns outside the helper'],
  [/\bIntl\.DateTimeFormat\b|\.toLocale(?:Date|Time)?String\(\s*\)|\.toLocale(?:Date|Time)String\(/, "the runtime's own date formats"],
  [/\.(?:to(?:UTC|Date|Time)String|get(?:FullYear|Month|Date|Day|Hours|Minutes|Seconds))\(\)/, "the machine's own calendar or clock"],
  [/\bformat(?:Card|Long)Date\b/, "the public pages' helpers, in the server's zone"],
  [/\bsuppressHydrationWarning\b/, "a text the server's render and the browser's may not agree on"],
];

/** Each allowed line, with why. */
const ALLOWED: Array<[file: string, line: RegExp]> = [
  // A day off is a calendar day (YYYY-MM-DD), the same in every zone.
  ['src/admin/booking/call-time.ts', /^import \{ format, isValid, parse \} from 'date-fns';$/],
  // "5 minutes ago" moves on between the server's render and hydration; its instant is formatDate's.
  ['src/admin/test-results/relative-time.tsx', /^import \{ formatDistanceToNow \} from 'date-fns';$/],
  ['src/admin/test-results/relative-time.tsx', /suppressHydrationWarning>$/],
  // The year a page preview's footer says, on the server only.
  ['src/pages/admin/(protected)/pages/[page].tsx', /year: new Date\(\)\.getFullYear\(\),$/],
  // A zone's name ("Eastern Time — New York", issue 32 §3), not a date or time: it reads the same in every machine's zone.
  ['src/lib/time-zone-name.ts', /^return new Intl\.DateTimeFormat\(locale, \{ timeZone, timeZoneName: 'longGeneric' \}\)$/],
];

test('the admin formats dates and times only through the helper, in the coach’s zone', () => {
  expect(FILES.length).toBeGreaterThan(100);
  const found = FILES.flatMap((file) =>
    readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        FORBIDDEN.filter(([pattern]) => pattern.test(line))
          .filter(() => !ALLOWED.some(([allowedFile, allowed]) => allowedFile === file && allowed.test(line.trim())))
          .map(([, why]) => `${file}:${index + 1}: ${why}: ${line.trim()}`),
      ),
  );
  expect(found).toEqual([]);
});
