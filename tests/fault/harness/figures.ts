// Each fault test's figures: one block printed per test, kept as JSON in test-results/fault/ for
// docs/reliability.md.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, VARIANT } from './settings.ts';

export type Figures = Record<string, string | number | boolean>;

/** One clear block per test, also kept as JSON in test-results/fault/ for docs/reliability.md. */
export function figures(test: string, values: Figures): void {
  const width = Math.max(...Object.keys(values).map((key) => key.length)) + 2;
  const lines = [
    '',
    `┌─ ${test} (${VARIANT}) ${'─'.repeat(Math.max(4, 68 - test.length - VARIANT.length))}`,
    ...Object.entries(values).map(([key, value]) => `│ ${key.padEnd(width, '.')} ${value}`),
    `└${'─'.repeat(74)}`,
  ];
  console.log(lines.join('\n'));
  try {
    const dir = path.join(ROOT, 'test-results/fault');
    mkdirSync(dir, { recursive: true });
    const file = `${test.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${VARIANT}.json`;
    writeFileSync(
      path.join(dir, file),
      JSON.stringify({ test, variant: VARIANT, date: new Date().toISOString(), machine: machine(), figures: values }, null, 2),
    );
  } catch {}
}

export function machine(): string {
  const gib = Math.round(os.totalmem() / 1024 ** 3);
  return `${os.cpus().length} cores, ${gib} GiB, ${os.type()} ${os.release()}, bun ${Bun.version}`;
}

export const statusSummary = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, n]) => `${status}×${n}`)
    .join(' ') || 'none';
