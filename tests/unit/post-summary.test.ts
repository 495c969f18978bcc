import { expect, test } from 'bun:test';
import { postSummary } from '#src/lib/post-summary.ts';

test('a post with an excerpt is described by it', () => {
  expect(postSummary('Lead with questions.', '<p>Body</p>')).toBe('Lead with questions.');
});

test('without one, the body as text: tags dropped, entities decoded, whitespace collapsed', () => {
  expect(postSummary('  ', '<h2>Start</h2>\n<p>Tom &amp; Jerry&#39;s <strong>plan</strong> &lt;3 &#x2014; done.</p>')).toBe(
    "Start Tom & Jerry's plan <3 — done.",
  );
});

test('a long body is cut at a word within 160 characters, with an ellipsis', () => {
  const summary = postSummary('', `<p>${'Leaders who listen build teams that speak up. '.repeat(10)}</p>`);
  expect(summary.length).toBeLessThanOrEqual(160);
  expect(summary.endsWith('…')).toBe(true);
  expect(summary.startsWith('Leaders who listen build teams that speak up. Leaders')).toBe(true);
  expect(summary.at(-2)).not.toBe(' ');
});
