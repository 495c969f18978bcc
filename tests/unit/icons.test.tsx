// Icons (src/components/ui/icon.tsx): Lucide's shapes and the brands' own marks drawn as plain SVG,
// the same markup from a server or a client component, hidden from assistive technology unless labelled.
import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { faXTwitter } from '@fortawesome/free-brands-svg-icons';
import { Clock } from 'lucide';
import { renderToStaticMarkup } from 'react-dom/server';
import { BrandIcon, Icon } from '#src/components/ui/icon.tsx';

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

test("a brand's mark is its path, filled in the text's colour, in its own viewBox; hidden unless labelled", () => {
  const [width, height, , , path] = faXTwitter.icon;
  const svg = (attributes: string) =>
    `<svg width="24" height="24" viewBox="0 0 ${width} ${height}" fill="currentColor"${attributes}><path d="${path}"></path></svg>`;
  expect(renderToStaticMarkup(<BrandIcon mark={faXTwitter} className="size-4" />)).toBe(svg(' class="size-4" aria-hidden="true"'));
  expect(renderToStaticMarkup(<BrandIcon mark={faXTwitter} aria-label="X" />)).toBe(svg(' aria-label="X"'));
});

test('two sets, one file: every icon is drawn from lucide or the brand marks, through icon.tsx', () => {
  const root = path.resolve(import.meta.dir, '../../src');
  const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    // Brand marks by name only: `import * as` would bundle the whole set (some 600 KB).
    .filter((file) =>
      /from '(lucide-react|react-icons|@heroicons\/[^']*|@fortawesome\/(?!free-brands-svg-icons')[^']*)'|import \* as \w+ from '@fortawesome|<svg\b/.test(
        readFileSync(path.join(root, file), 'utf8'),
      ),
    )
    .sort();
  // icon.tsx draws every one.
  expect(offenders).toEqual([path.join('components', 'ui', 'icon.tsx')]);
});
