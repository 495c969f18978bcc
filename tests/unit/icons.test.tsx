// Icons (src/components/ui/icon.tsx): Lucide's shapes as plain SVG, the same markup from a server
// or a client component, hidden from assistive technology unless labelled; one set, one registry.
import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { Clock } from '../../src/components/ui/icons.ts';

const SHAPES = '<circle cx="12" cy="12" r="10"></circle><path d="M12 6v6l4 2"></path>';

test('an icon is its shapes in a 24-unit svg with the icon class, hidden from assistive technology', () => {
  expect(renderToStaticMarkup(<Clock className="size-4" />)).toBe(
    `<svg width="24" height="24" viewBox="0 0 24 24" class="icon size-4" aria-hidden="true">${SHAPES}</svg>`,
  );
});

test('a labelled icon is announced: no aria-hidden, its label kept', () => {
  expect(renderToStaticMarkup(<Clock aria-label="Reading time" />)).toBe(
    `<svg width="24" height="24" viewBox="0 0 24 24" class="icon" aria-label="Reading time">${SHAPES}</svg>`,
  );
});

test("every icon comes through the registry: no other file imports 'lucide'", () => {
  // icon.tsx takes Lucide's shape type; icons.ts holds the set.
  const root = path.resolve(import.meta.dir, '../../src');
  const importers = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .filter((file) => /from 'lucide(-react)?'/.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
  expect(importers).toEqual([path.join('components', 'ui', 'icon.tsx'), path.join('components', 'ui', 'icons.ts')]);
});
