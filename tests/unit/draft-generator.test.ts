// The draft generators (docs/decisions.md "Draft generation"): the default structured draft, and the
// choice between it and an OpenAI-compatible model.
import { describe, expect, test } from 'bun:test';
import { type DraftTopic, excerptFrom } from '#server/drafts/draft.ts';
import { selectDraftGenerator } from '#server/drafts/generator.ts';
import { normaliseModelMarkdown } from '#server/drafts/openai-draft.ts';
import { buildStructuredDraft, sectionCount, structuredDraft } from '#server/drafts/structured-draft.ts';
import { parseEnv } from '#server/env.ts';

const topic = (overrides: Partial<DraftTopic> = {}): DraftTopic => ({
  title: 'Leading Hybrid Teams With Fairness',
  description: 'Practical ways leaders can give remote and in-office people equal visibility.',
  categoryName: 'Team Building',
  tags: ['Hybrid Work', 'Team Culture', 'Communication'],
  notes: 'Include a checklist for inclusive meetings.',
  estimatedWordCount: 1200,
  targetAudience: 'Managers of distributed teams',
  ...overrides,
});

// The fixed sections around the body: 'Who This Is For' before it, 'Key Takeaways' after it, and
// 'Notes for the Writer' when the topic has notes.
const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('## '));

describe('structured draft', () => {
  test('is deterministic: the same topic gives the same draft, byte for byte', async () => {
    expect(buildStructuredDraft(topic())).toEqual(buildStructuredDraft(topic()));
    expect(await structuredDraft(topic())).toEqual(buildStructuredDraft(topic()));
  });

  test('one body section per ~250 words, at least 3 and at most 8 (1,000 words when not estimated)', () => {
    expect([100, 500, 800, 1000, 1200, 1500, 2000, 5000, 20000].map(sectionCount)).toEqual([3, 3, 3, 4, 5, 6, 8, 8, 8]);
    expect(sectionCount(null)).toBe(4);
  });

  test('the number of ## sections in the Markdown grows with the estimated word count', () => {
    const count = (words: number | null) =>
      headings(buildStructuredDraft(topic({ estimatedWordCount: words, notes: null })).content).length;
    // Body sections plus 'Who This Is For' and 'Key Takeaways'.
    expect(count(300)).toBe(3 + 2);
    expect(count(null)).toBe(4 + 2);
    expect(count(1500)).toBe(6 + 2);
    expect(count(4000)).toBe(8 + 2);
    expect(count(300)).toBeLessThan(count(1500));
  });

  test('includes the intro, the target audience, bullet lists, the notes and the tags', () => {
    const { title, excerpt, content } = buildStructuredDraft(topic());
    expect(title).toBe('Leading Hybrid Teams With Fairness');
    expect(excerpt).toBe('Practical ways leaders can give remote and in-office people equal visibility.');
    expect(content).toContain('Practical ways leaders can give remote and in-office people equal visibility.');
    expect(content).toContain('## Who This Is For\n\nManagers of distributed teams');
    expect(content).toContain('## Notes for the Writer\n\nInclude a checklist for inclusive meetings.');
    expect(content).toContain('**Tags:** Hybrid Work, Team Culture, Communication');
    expect(content).toContain('about 1,200 words in 5 sections (category: Team Building)');
    expect(content.split('\n').filter((line) => line.startsWith('- ')).length).toBeGreaterThan(10);
    expect(headings(content)).toContain('## Key Takeaways');
  });

  test('a bare topic still gives a full outline: no empty notes or tags sections, a generic audience', () => {
    const { content } = buildStructuredDraft(
      topic({ notes: null, tags: [], targetAudience: null, categoryName: null, estimatedWordCount: null }),
    );
    expect(content).not.toContain('Notes for the Writer');
    expect(content).not.toContain('**Tags:**');
    expect(content).not.toContain('null');
    expect(content).toContain('## Who This Is For\n\nLeaders and professionals who want to grow.');
  });

  test('the excerpt is the description, cut at a word to fit the 500-character excerpt limit', () => {
    const long = `${'word '.repeat(200)}end`;
    const excerpt = buildStructuredDraft(topic({ description: long })).excerpt;
    expect(excerpt.length).toBeLessThanOrEqual(500);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerptFrom('  short \n text ')).toBe('short text');
  });
});

describe('choosing the generator', () => {
  const llm = { LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_API_KEY: 'key', LLM_MODEL: 'model' };

  test('without the LLM variables it is the structured draft', () => {
    expect(selectDraftGenerator(parseEnv({}))).toBe(structuredDraft);
  });

  test('with all three it is the model', () => {
    expect(selectDraftGenerator(parseEnv(llm))).not.toBe(structuredDraft);
  });

  test('a partial model configuration is refused at start, naming what is missing; the timeout defaults to 20 s', () => {
    expect(() => parseEnv({ LLM_MODEL: 'model' })).toThrow('LLM_BASE_URL: is required when any LLM_* variable is set');
    expect(() => parseEnv({ ...llm, LLM_BASE_URL: 'file:///etc/passwd' })).toThrow('LLM_BASE_URL');
    expect(parseEnv(llm).LLM_TIMEOUT_MS).toBe(20_000);
    expect(parseEnv({ ...llm, LLM_TIMEOUT_MS: '300' }).LLM_TIMEOUT_MS).toBe(300);
  });
});

describe("the model's Markdown", () => {
  test('an outer ```markdown fence and NUL characters are removed; inner fences stay', () => {
    expect(normaliseModelMarkdown('```markdown\n## A\n\ntext\n```\n')).toBe('## A\n\ntext');
    expect(normaliseModelMarkdown('## A\n\n```js\ncode\n```')).toBe('## A\n\n```js\ncode\n```');
    expect(normaliseModelMarkdown('a\u0000b')).toBe('ab');
  });
});
