// Icons (src/components/ui/icon.tsx): Lucide's shapes drawn as plain SVG, the same markup from a
// server or a client component, hidden from assistive technology unless labelled.
import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Clock } from 'lucide';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon } from '#src/components/ui/icon.tsx';

const SHAPES = '<circle cx="12" cy="12" r="10"></circle><path d="M12 6v6l4 2"></path>';

test('an icon is its shapes in a 24-unit svg with the icon class, hidden from assistive technology', () => {
  expect(renderToStaticMarkup(<Icon shapes={Clock} className="size-4" />)).toBe(
    `<svg width="24" height="24" viewBox="0 0 24 24" class="icon size-4" aria-hidden="true">${SHAPES}</svg>`,
  );
});

test('a labelled icon is announced: no aria-hidden, its label kept', () => {
  expect(renderToStaticMarkup(<Icon shapes={Clock} aria-label="Reading time" />)).toBe(
    `<svg width="24" height="24" viewBox="0 0 24 24" class="icon" aria-label="Reading time">${SHAPES}</svg>`,
  );
});

test('one set: every icon is drawn from lucide, through the one Icon component', () => {
  const root = path.resolve(import.meta.dir, '../../src');
  const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /from '(lucide-react|react-icons|@heroicons\/[^']*)'|<svg\b/.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
  // icon.tsx draws every one.
  expect(offenders).toEqual([path.join('components', 'ui', 'icon.tsx')]);
});
