import { type Draft, type DraftGenerator, type DraftTopic, excerptFrom } from './draft.ts';

// The default generator (docs/decisions.md "Draft generation"): no network, no randomness, so the same
// topic always gives the same outline. It is a writing scaffold sized to the estimated length:
// an intro, who it is for, one '## ' section per ~250 words (3 to 8), takeaways, notes and tags.

export const WORDS_PER_SECTION = 250;
export const MIN_SECTIONS = 3;
export const MAX_SECTIONS = 8;
/** The length assumed for a topic without an estimate. */
export const DEFAULT_WORD_COUNT = 1_000;

interface Section {
  heading: string;
  prompt: (topic: DraftTopic, audience: string) => string;
  points: string[];
}

// In the order they are used: a short article gets the first three, a long one all eight.
const SECTIONS: Section[] = [
  {
    heading: 'Why This Matters Now',
    prompt: (topic, audience) =>
      `Open with the problem behind "${topic.title}": why it matters to ${audience}, and what it costs when it is left alone.`,
    points: ['A moment the reader will recognise from their own week', 'What is at stake for them and for their team'],
  },
  {
    heading: 'What Gets in the Way',
    prompt: () => 'Name the habits, pressures and beliefs that make this hard, and show them in one short, familiar scenario.',
    points: ['The most common obstacle, named plainly', 'Why good intentions are not enough on their own'],
  },
  {
    heading: 'A Practical Approach',
    prompt: () => 'Lay out the core approach step by step, each step concrete enough to try this week.',
    points: ['Step one: a small first move', 'Step two: the conversation or decision it leads to', 'Step three: how to follow through'],
  },
  {
    heading: 'Putting It Into Practice',
    prompt: () =>
      'Walk through one realistic situation from start to finish, showing what the approach looks like in a real meeting or conversation.',
    points: ['The situation and the people involved', 'What was said and done differently', 'What changed afterwards'],
  },
  {
    heading: 'Common Pitfalls',
    prompt: () => 'List the mistakes people make when they first try this, and how to recover from each one.',
    points: ['Doing too much at once', 'Giving up after the first awkward attempt'],
  },
  {
    heading: 'Building the Habit',
    prompt: () => 'Explain how to make the change last: routines, reminders and the people who can help.',
    points: ['A weekly routine that keeps it visible', 'Who to ask for honest feedback'],
  },
  {
    heading: 'Measuring Progress',
    prompt: () => 'Describe the signals that show it is working, for the reader and for the people around them.',
    points: ['An early sign within a few weeks', 'A lasting sign after a few months'],
  },
  {
    heading: 'Questions for Reflection',
    prompt: () => 'Close the body with questions the reader can answer alone or bring to a coaching conversation.',
    points: ['Where does this show up in my work right now?', 'What is one thing I will do differently this week?'],
  },
];

/** One '## ' body section per ~250 estimated words, never fewer than 3 or more than 8. */
export function sectionCount(estimatedWordCount: number | null): number {
  const words = estimatedWordCount ?? DEFAULT_WORD_COUNT;
  return Math.min(MAX_SECTIONS, Math.max(MIN_SECTIONS, Math.round(words / WORDS_PER_SECTION)));
}

const bullets = (items: string[]) => items.map((item) => `- ${item}`).join('\n');

/** The whole draft, synchronously: the same topic always yields the same text. */
export function buildStructuredDraft(topic: DraftTopic): Draft {
  const words = topic.estimatedWordCount ?? DEFAULT_WORD_COUNT;
  const count = sectionCount(topic.estimatedWordCount);
  // The body sections share about four fifths of the length; intro, audience and takeaways the rest.
  const perSection = Math.max(50, Math.round((words * 0.8) / count / 10) * 10);
  const audience = topic.targetAudience ?? 'leaders and professionals who want to grow';

  const parts: string[] = [
    `> **Draft outline** for an article of about ${words.toLocaleString('en-US')} words in ${count} sections` +
      `${topic.categoryName ? ` (category: ${topic.categoryName})` : ''}. Write each section in your own voice and review it before publishing.`,
    topic.description,
    `This article is for ${audience}. It moves from why the topic matters to what to do about it, with one practical step the reader can take right away.`,
    `## Who This Is For\n\n${topic.targetAudience ?? 'Leaders and professionals who want to grow.'}\n\n${bullets([
      'What they are facing today',
      'What they want to be able to do after reading',
      'One question they might bring to a coaching conversation',
    ])}`,
  ];

  for (const section of SECTIONS.slice(0, count)) {
    parts.push(`## ${section.heading}\n\n${section.prompt(topic, audience)} *(About ${perSection} words.)*\n\n${bullets(section.points)}`);
  }

  const takeaways = [
    `The one idea to remember from "${topic.title}"`,
    'The first step to take this week',
    ...topic.tags.slice(0, 3).map((tag) => `How this connects to ${tag}`),
  ];
  parts.push(`## Key Takeaways\n\n${bullets(takeaways)}`);
  if (topic.notes) parts.push(`## Notes for the Writer\n\n${topic.notes}`);
  if (topic.tags.length > 0) parts.push(`**Tags:** ${topic.tags.join(', ')}`);

  return { title: topic.title, excerpt: excerptFrom(topic.description), content: `${parts.join('\n\n')}\n` };
}

export const structuredDraft: DraftGenerator = async (topic) => buildStructuredDraft(topic);
